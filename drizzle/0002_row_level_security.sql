-- Row-level security (issue 6, ADR 0002): society-scoped requests run as the non-owner role
-- society_app with app.society_id set for the transaction (db/society-scope.ts); every
-- society-owned table lets that role see and write only the rows of that society. The owner
-- (jobs, sign-in, migrations) is not subject to these policies.
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'society_app') THEN
    CREATE ROLE society_app NOLOGIN;
  END IF;
  -- A non-superuser owner (a production DATABASE_URL) must be a member to SET ROLE to it.
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    EXECUTE format('GRANT society_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO society_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO society_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO society_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO society_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO society_app;
--> statement-breakpoint
ALTER TABLE "societies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "society_scope" ON "societies" TO society_app
  USING ("id" = NULLIF(current_setting('app.society_id', true), '')::int)
  WITH CHECK ("id" = NULLIF(current_setting('app.society_id', true), '')::int);
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['staff_users', 'residents', 'desk_requests', 'not_home_requests', 'notifications', 'outbox', 'audit_log'] LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format(
      'CREATE POLICY society_scope ON %I TO society_app '
      'USING (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int) '
      'WITH CHECK (society_id = NULLIF(current_setting(''app.society_id'', true), '''')::int)', t);
  END LOOP;
END $$;
