CREATE TABLE "consultations" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"meeting_id" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"link_generated_at" timestamp with time zone NOT NULL,
	"link_generated_by" integer,
	"ready_notified_at" timestamp with time zone,
	"disease" text,
	"medicine" text,
	"test_needed" text,
	"things_to_do" text,
	"prescribed_at" timestamp with time zone,
	"prescribed_by" integer
);
--> statement-breakpoint
CREATE TABLE "grocery_order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"society_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"item_name" text NOT NULL,
	"quantity" numeric(12, 3) NOT NULL,
	"unit" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"total" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grocery_orders" (
	"request_id" integer PRIMARY KEY NOT NULL,
	"society_id" integer NOT NULL,
	"delivery_charge" numeric(12, 2) NOT NULL,
	"all_total" numeric(16, 2) NOT NULL,
	"ordered_at" timestamp with time zone NOT NULL,
	"ordered_by" integer,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_request_id_desk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."desk_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_link_generated_by_staff_users_id_fk" FOREIGN KEY ("link_generated_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultations" ADD CONSTRAINT "consultations_prescribed_by_staff_users_id_fk" FOREIGN KEY ("prescribed_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_order_lines" ADD CONSTRAINT "grocery_order_lines_request_id_grocery_orders_request_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."grocery_orders"("request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_order_lines" ADD CONSTRAINT "grocery_order_lines_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_orders" ADD CONSTRAINT "grocery_orders_request_id_desk_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."desk_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_orders" ADD CONSTRAINT "grocery_orders_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grocery_orders" ADD CONSTRAINT "grocery_orders_ordered_by_staff_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "grocery_order_lines_position_idx" ON "grocery_order_lines" USING btree ("request_id","position");--> statement-breakpoint
CREATE INDEX "desk_requests_resident_idx" ON "desk_requests" USING btree ("resident_id","desk","id");--> statement-breakpoint
-- Row-level security for the desks' own tables (ADR 0002): society_app sees its society's rows only.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['grocery_orders', 'grocery_order_lines', 'consultations'] LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO society_app', t);
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY society_scope ON %I TO society_app '
      'USING (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int) '
      'WITH CHECK (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int)', t);
  END LOOP;
END $$;--> statement-breakpoint
GRANT USAGE, SELECT ON SEQUENCE grocery_order_lines_id_seq TO society_app;
