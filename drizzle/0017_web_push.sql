CREATE TABLE "vapid_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vapid_keys_one_row" CHECK ("vapid_keys"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "web_push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "web_push_subscriptions" ADD CONSTRAINT "web_push_subscriptions_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "web_push_subscriptions" ADD CONSTRAINT "web_push_subscriptions_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "web_push_subscriptions_endpoint_idx" ON "web_push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "web_push_subscriptions_resident_idx" ON "web_push_subscriptions" USING btree ("resident_id");--> statement-breakpoint
-- Row-level security for the residents' push subscriptions (ADR 0002); the VAPID private key is
-- for the owner connection only (the outbox worker and start-up), never the society-scoped role.
GRANT SELECT, INSERT, UPDATE, DELETE ON "web_push_subscriptions" TO society_app;--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE "web_push_subscriptions_id_seq" TO society_app;--> statement-breakpoint
ALTER TABLE "web_push_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY society_scope ON "web_push_subscriptions" TO society_app
  USING (society_id = NULLIF(current_setting('app.society_id', true), '')::int)
  WITH CHECK (society_id = NULLIF(current_setting('app.society_id', true), '')::int);--> statement-breakpoint
REVOKE ALL ON "vapid_keys" FROM society_app;
