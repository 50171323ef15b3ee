CREATE TABLE "idempotency_keys" (
	"caller" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"status" smallint,
	"content_type" text,
	"body" text,
	CONSTRAINT "idempotency_keys_caller_key_pk" PRIMARY KEY("caller","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");
--> statement-breakpoint
-- Keys are claimed and answered on the owner connection; the society-scoped role has no business with them.
REVOKE ALL ON "idempotency_keys" FROM society_app;
