ALTER TABLE "residents" ADD COLUMN "temporary_password_until" timestamp with time zone;--> statement-breakpoint
-- Temporary passwords reset before this column existed sign in for 72 hours more (TEMP_PASSWORD_HOURS's default).
UPDATE "residents" SET "temporary_password_until" = now() + interval '72 hours' WHERE "must_change_password";
