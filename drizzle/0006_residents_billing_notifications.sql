CREATE TABLE "bill_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"period" text NOT NULL,
	"file_sha256" text NOT NULL,
	"matched" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"resident_id" integer NOT NULL,
	"period" text NOT NULL,
	"rate_per_unit" numeric(10, 2) NOT NULL,
	"units" numeric(12, 2) NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"import_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"recipients" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD CONSTRAINT "bill_imports_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_imports" ADD CONSTRAINT "bill_imports_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_resident_id_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."residents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_campaigns" ADD CONSTRAINT "notification_campaigns_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_campaigns" ADD CONSTRAINT "notification_campaigns_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_imports_society_idx" ON "bill_imports" USING btree ("society_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bills_resident_period_idx" ON "bills" USING btree ("resident_id","period");--> statement-breakpoint
CREATE INDEX "bills_society_idx" ON "bills" USING btree ("society_id","period","id");--> statement-breakpoint
CREATE INDEX "notification_campaigns_society_idx" ON "notification_campaigns" USING btree ("society_id","id");--> statement-breakpoint
CREATE INDEX "outbox_campaign_idx" ON "outbox" USING btree ("campaign_id","status");--> statement-breakpoint
-- Row-level security for the new society tables (ADR 0002).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bills', 'bill_imports', 'notification_campaigns'] LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO society_app', t);
    EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE %I TO society_app', t || '_id_seq');
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY society_scope ON %I TO society_app '
      'USING (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int) '
      'WITH CHECK (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int)', t);
  END LOOP;
END $$;
