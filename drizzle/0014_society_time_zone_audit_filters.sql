ALTER TABLE "societies" ADD COLUMN "time_zone" text DEFAULT 'Asia/Karachi' NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_society_action_idx" ON "audit_log" USING btree ("society_id","action");