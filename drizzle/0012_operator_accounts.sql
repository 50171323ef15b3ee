ALTER TABLE "societies" ADD COLUMN "code" text;--> statement-breakpoint
-- Existing societies get the prefix their resident ids already use: the initials of the name's
-- Latin words (at most 4), the first two letters of a one-word name, 'R' without letters; a
-- second society with the same initials gets its rank appended.
WITH words AS (
	SELECT s.id, array(SELECT m.w[1] FROM regexp_matches(upper(s.name), '[A-Z]+', 'g') WITH ORDINALITY AS m(w, i) ORDER BY m.i) AS w
	FROM "societies" s
), codes AS (
	SELECT id, CASE
		WHEN cardinality(w) = 0 THEN 'R'
		WHEN cardinality(w) = 1 THEN left(w[1], 2)
		ELSE left(array_to_string(array(SELECT left(x.v, 1) FROM unnest(w) WITH ORDINALITY AS x(v, i) ORDER BY x.i), ''), 4)
	END AS code
	FROM words
), ranked AS (
	SELECT id, code, row_number() OVER (PARTITION BY code ORDER BY id) AS n FROM codes
)
UPDATE "societies" s SET "code" = r.code || CASE WHEN r.n > 1 THEN r.n::text ELSE '' END FROM ranked r WHERE r.id = s.id;--> statement-breakpoint
ALTER TABLE "societies" ALTER COLUMN "code" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "temporary_password_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "societies" ADD CONSTRAINT "societies_code_unique" UNIQUE("code");
