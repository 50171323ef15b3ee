CREATE TABLE "report_day_staff" (
	"society_id" integer NOT NULL,
	"desk" text NOT NULL,
	"day" date NOT NULL,
	"staff_id" integer NOT NULL,
	"actions" integer NOT NULL,
	"responses" double precision[] NOT NULL,
	CONSTRAINT "report_day_staff_society_id_desk_day_staff_id_pk" PRIMARY KEY("society_id","desk","day","staff_id")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"society_id" integer NOT NULL,
	"desk" text NOT NULL,
	"day" date NOT NULL,
	"time_zone" text NOT NULL,
	"as_of" timestamp with time zone NOT NULL,
	"hours" integer[] NOT NULL,
	"at_new" integer NOT NULL,
	"at_processing" integer NOT NULL,
	"at_completed" integer NOT NULL,
	"first_action" double precision[] NOT NULL,
	"completion" double precision[] NOT NULL,
	CONSTRAINT "report_days_society_id_desk_day_pk" PRIMARY KEY("society_id","desk","day")
);
--> statement-breakpoint
ALTER TABLE "report_day_staff" ADD CONSTRAINT "report_day_staff_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_requests_proceeded_idx" ON "desk_requests" USING btree ("society_id","desk","proceeded_at") WHERE "desk_requests"."proceeded_at" is not null;--> statement-breakpoint
-- Row-level security for the report rollup (ADR 0002).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['report_days', 'report_day_staff'] LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO society_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY society_scope ON %I TO society_app '
      'USING (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int) '
      'WITH CHECK (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int)', t);
  END LOOP;
END $$;
