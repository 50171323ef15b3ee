-- Lists at 100,000 rows per society (issue 7, ADR 0003): trigram search over a trigger-written
-- search_text, list counts kept by triggers, and indexes ordered by id for keyset pages.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "list_counts" (
	"society_id" integer NOT NULL,
	"list" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "list_counts_society_id_list_pk" PRIMARY KEY("society_id","list")
);
--> statement-breakpoint
DROP INDEX "desk_requests_list_idx";--> statement-breakpoint
DROP INDEX "not_home_list_idx";--> statement-breakpoint
ALTER TABLE "desk_requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "not_home_requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "list_counts" ADD CONSTRAINT "list_counts_society_id_societies_id_fk" FOREIGN KEY ("society_id") REFERENCES "public"."societies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "desk_requests_search_idx" ON "desk_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "not_home_unassigned_idx" ON "not_home_requests" USING btree ("society_id","id") WHERE "not_home_requests"."state" = 'active' and "not_home_requests"."guard_name" is null;--> statement-breakpoint
CREATE INDEX "not_home_search_idx" ON "not_home_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "desk_requests_list_idx" ON "desk_requests" USING btree ("society_id","desk","stage","id");--> statement-breakpoint
CREATE INDEX "not_home_list_idx" ON "not_home_requests" USING btree ("society_id","state","id");
--> statement-breakpoint
-- What a staff search matches. Triggers write it; the app never does.
CREATE FUNCTION resident_search_text(rid integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws(' ', name, phone, resident_code, house, street, block, email) FROM residents WHERE id = rid
$$;--> statement-breakpoint
CREATE FUNCTION desk_requests_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := concat_ws(' ', NEW.body, NEW.staff_note, NEW.response, resident_search_text(NEW.resident_id));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER desk_requests_search BEFORE INSERT OR UPDATE OF body, staff_note, response, resident_id
  ON desk_requests FOR EACH ROW EXECUTE FUNCTION desk_requests_search();--> statement-breakpoint
CREATE FUNCTION not_home_requests_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := concat_ws(' ', resident_search_text(NEW.resident_id), NEW.guard_name);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER not_home_requests_search BEFORE INSERT OR UPDATE OF guard_name, resident_id
  ON not_home_requests FOR EACH ROW EXECUTE FUNCTION not_home_requests_search();--> statement-breakpoint
UPDATE desk_requests SET search_text = concat_ws(' ', body, staff_note, response, resident_search_text(resident_id));--> statement-breakpoint
UPDATE not_home_requests SET search_text = concat_ws(' ', resident_search_text(resident_id), guard_name);--> statement-breakpoint
-- The lists a row is in. A new listed table adds its own <table>_lists function and one trigger.
CREATE FUNCTION desk_requests_lists(r desk_requests) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[r.desk || ':' || r.stage]
$$;--> statement-breakpoint
CREATE FUNCTION not_home_requests_lists(r not_home_requests) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['nothome:' || r.state]
    || CASE WHEN r.state = 'active' AND r.guard_name IS NULL THEN ARRAY['nothome:active:unassigned'] ELSE ARRAY[]::text[] END
$$;--> statement-breakpoint
-- Keeps list_counts in the transaction that moves a row: TG_ARGV[0] names the table's lists function.
-- Old keys are released before new ones are taken, always in that order, so two transitions never
-- wait on each other's counter rows in a cycle.
CREATE FUNCTION list_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_keys text[] := '{}';
  new_keys text[] := '{}';
  k text;
BEGIN
  IF TG_OP <> 'INSERT' THEN EXECUTE format('SELECT %I($1)', TG_ARGV[0]) INTO old_keys USING OLD; END IF;
  IF TG_OP <> 'DELETE' THEN EXECUTE format('SELECT %I($1)', TG_ARGV[0]) INTO new_keys USING NEW; END IF;
  IF TG_OP = 'UPDATE' AND OLD.society_id = NEW.society_id AND old_keys = new_keys THEN RETURN NULL; END IF;
  FOREACH k IN ARRAY old_keys LOOP
    UPDATE list_counts SET n = n - 1 WHERE society_id = OLD.society_id AND list = k;
  END LOOP;
  FOREACH k IN ARRAY new_keys LOOP
    INSERT INTO list_counts (society_id, list, n) VALUES (NEW.society_id, k, 1)
      ON CONFLICT (society_id, list) DO UPDATE SET n = list_counts.n + 1;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER desk_requests_list_counts AFTER INSERT OR UPDATE OR DELETE ON desk_requests
  FOR EACH ROW EXECUTE FUNCTION list_counts_track('desk_requests_lists');--> statement-breakpoint
CREATE TRIGGER not_home_requests_list_counts AFTER INSERT OR UPDATE OR DELETE ON not_home_requests
  FOR EACH ROW EXECUTE FUNCTION list_counts_track('not_home_requests_lists');--> statement-breakpoint
INSERT INTO list_counts (society_id, list, n)
  SELECT d.society_id, k, count(*)::int FROM desk_requests d, unnest(desk_requests_lists(d)) k GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO list_counts (society_id, list, n)
  SELECT r.society_id, k, count(*)::int FROM not_home_requests r, unnest(not_home_requests_lists(r)) k GROUP BY 1, 2;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON list_counts TO society_app;--> statement-breakpoint
ALTER TABLE list_counts ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY society_scope ON list_counts TO society_app
  USING (society_id = NULLIF(current_setting('app.society_id', true), '')::int)
  WITH CHECK (society_id = NULLIF(current_setting('app.society_id', true), '')::int);
