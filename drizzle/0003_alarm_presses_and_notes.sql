ALTER TABLE "desk_requests" ADD COLUMN "staff_note" text;--> statement-breakpoint
ALTER TABLE "desk_requests" ADD COLUMN "press_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "desk_requests" ADD COLUMN "last_pressed_at" timestamp with time zone;--> statement-breakpoint
-- Until now Proceed wrote the staff's note over an alarm's body (issue 6 finding 7): past 'new',
-- the body of a security row is that note, so it moves to staff_note (the resident's words were lost).
UPDATE "desk_requests" SET "staff_note" = NULLIF("body", ''), "body" = '' WHERE "desk" = 'security' AND "stage" <> 'new';--> statement-breakpoint
UPDATE "desk_requests" SET "last_pressed_at" = "created_at" WHERE "desk" = 'security';--> statement-breakpoint
-- The unique index below allows one open (unacknowledged) alarm per resident. Alarms raised
-- before presses were merged may break that: each resident's later open alarms are folded into
-- the earliest (press count, last press, the resident's words), audited as 'merged' and closed
-- (acknowledged, by nobody).
WITH "ranked" AS (
  SELECT "id", "body", "created_at", "press_count", first_value("id") OVER w AS "keep_id"
  FROM "desk_requests" WHERE "desk" = 'security' AND "acknowledged_at" IS NULL
  WINDOW w AS (PARTITION BY "resident_id" ORDER BY "created_at", "id")
), "folded" AS (
  SELECT "keep_id", sum("press_count")::int AS "presses", max("created_at") AS "last_at",
    left(coalesce(string_agg(NULLIF("body", ''), E'\n' ORDER BY "created_at", "id"), ''), 2000) AS "words"
  FROM "ranked" GROUP BY "keep_id" HAVING count(*) > 1
)
UPDATE "desk_requests" d SET "press_count" = f."presses", "last_pressed_at" = f."last_at", "body" = f."words" FROM "folded" f WHERE d."id" = f."keep_id";--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", "society_id", row_number() OVER (PARTITION BY "resident_id" ORDER BY "created_at", "id") AS "rn"
  FROM "desk_requests" WHERE "desk" = 'security' AND "acknowledged_at" IS NULL
)
INSERT INTO "audit_log" ("society_id", "actor_kind", "actor_id", "actor_name", "entity", "entity_id", "action", "from_stage", "to_stage")
SELECT "society_id", 'system', NULL, 'Migration', 'security', "id", 'merged', NULL, NULL FROM "ranked" WHERE "rn" > 1;--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", row_number() OVER (PARTITION BY "resident_id" ORDER BY "created_at", "id") AS "rn"
  FROM "desk_requests" WHERE "desk" = 'security' AND "acknowledged_at" IS NULL
)
UPDATE "desk_requests" SET "acknowledged_at" = now() WHERE "id" IN (SELECT "id" FROM "ranked" WHERE "rn" > 1);--> statement-breakpoint
CREATE UNIQUE INDEX "desk_requests_open_alarm_idx" ON "desk_requests" USING btree ("resident_id") WHERE "desk_requests"."desk" = 'security' and "desk_requests"."acknowledged_at" is null;
