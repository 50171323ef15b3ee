CREATE TABLE "desk_overdue" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"desk" text NOT NULL,
	"stage" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_drill_screens" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"drill_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"screen" text NOT NULL,
	"rang_at" timestamp with time zone NOT NULL,
	"ring_ms" integer NOT NULL,
	"ring_server_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_drills" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"alarm_id" integer,
	"started_by" integer NOT NULL,
	"started_by_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	"screens_at_start" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "society_deadlines" (
	"society_id" integer NOT NULL,
	"desk" text NOT NULL,
	"first_action_hours" integer,
	"completion_hours" integer,
	"notify_resident" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "society_deadlines_society_id_desk_pk" PRIMARY KEY("society_id","desk"),
	CONSTRAINT "society_deadlines_hours" CHECK ("society_deadlines"."first_action_hours" between 1 and 8760 and "society_deadlines"."completion_hours" between 1 and 8760)
);
--> statement-breakpoint
ALTER TABLE "residents" ADD COLUMN "is_drill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_requests" ADD COLUMN "is_drill" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_overdue" ADD CONSTRAINT "desk_overdue_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_overdue" ADD CONSTRAINT "desk_overdue_request_id_desk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."desk_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_drill_screens" ADD CONSTRAINT "security_drill_screens_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_drill_screens" ADD CONSTRAINT "security_drill_screens_drill_id_security_drills_id_fk" FOREIGN KEY ("drill_id") REFERENCES "public"."security_drills"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_drill_screens" ADD CONSTRAINT "security_drill_screens_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_drills" ADD CONSTRAINT "security_drills_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_drills" ADD CONSTRAINT "security_drills_alarm_id_desk_requests_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."desk_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_drills" ADD CONSTRAINT "security_drills_started_by_staff_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_drills" ADD CONSTRAINT "security_drills_ended_by_staff_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "society_deadlines" ADD CONSTRAINT "society_deadlines_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "society_deadlines" ADD CONSTRAINT "society_deadlines_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "desk_overdue_claim_idx" ON "desk_overdue" USING btree ("request_id","stage");--> statement-breakpoint
CREATE INDEX "desk_overdue_society_idx" ON "desk_overdue" USING btree ("society_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "security_drill_screens_once_idx" ON "security_drill_screens" USING btree ("drill_id","screen");--> statement-breakpoint
CREATE UNIQUE INDEX "security_drills_running_idx" ON "security_drills" USING btree ("society_id") WHERE "security_drills"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "security_drills_society_idx" ON "security_drills" USING btree ("society_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "residents_drill_idx" ON "residents" USING btree ("society_id") WHERE "residents"."is_drill";--> statement-breakpoint
CREATE INDEX "desk_requests_completed_idx" ON "desk_requests" USING btree ("society_id","desk","completed_at") WHERE "desk_requests"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "desk_requests_due_new_idx" ON "desk_requests" USING btree ("created_at") WHERE "desk_requests"."stage" = 'new' and "desk_requests"."desk" in ('complaint', 'grocery', 'doctor');--> statement-breakpoint
CREATE INDEX "desk_requests_due_processing_idx" ON "desk_requests" USING btree ("proceeded_at") WHERE "desk_requests"."stage" = 'processing' and "desk_requests"."desk" in ('complaint', 'grocery', 'doctor');--> statement-breakpoint
CREATE INDEX "grocery_orders_ordered_idx" ON "grocery_orders" USING btree ("society_id","ordered_at");--> statement-breakpoint
CREATE INDEX "not_home_created_idx" ON "not_home_requests" USING btree ("society_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_society_at_idx" ON "audit_log" USING btree ("society_id","at");--> statement-breakpoint
-- Row-level security for the deadline and drill tables (ADR 0002).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['society_deadlines', 'desk_overdue', 'security_drills', 'security_drill_screens'] LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO society_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY society_scope ON %I TO society_app '
      'USING (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int) '
      'WITH CHECK (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int)', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['desk_overdue', 'security_drills', 'security_drill_screens'] LOOP
    EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %I TO society_app', t || '_id_seq');
  END LOOP;
END $$;
