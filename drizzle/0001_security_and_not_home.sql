CREATE TABLE "not_home_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"guard_name" text,
	"guard_phone" text,
	"guard_email" text,
	"date_and_time" text,
	"guard_assigned_at" timestamp with time zone,
	"guard_assigned_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "desk_requests" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "desk_requests" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "desk_requests" ADD COLUMN "escalated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "not_home_requests" ADD CONSTRAINT "not_home_requests_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "not_home_requests" ADD CONSTRAINT "not_home_requests_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "not_home_requests" ADD CONSTRAINT "not_home_requests_guard_assigned_by_staff_users_id_fk" FOREIGN KEY ("guard_assigned_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "not_home_list_idx" ON "not_home_requests" USING btree ("society_id","state","created_at");--> statement-breakpoint
CREATE INDEX "not_home_resident_idx" ON "not_home_requests" USING btree ("resident_id","state");--> statement-breakpoint
ALTER TABLE "desk_requests" ADD CONSTRAINT "desk_requests_acknowledged_by_staff_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_requests_unacked_idx" ON "desk_requests" USING btree ("desk","created_at") WHERE "desk_requests"."acknowledged_at" is null;