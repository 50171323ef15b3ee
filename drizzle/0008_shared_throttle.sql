CREATE TABLE "login_attempts" (
	"key" text NOT NULL,
	"attempt_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_attempts_key_attempt_id_pk" PRIMARY KEY("key","attempt_id")
);
--> statement-breakpoint
CREATE INDEX "login_attempts_key_at_idx" ON "login_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "login_attempts_at_idx" ON "login_attempts" USING btree ("at");--> statement-breakpoint
-- Sign-in runs on the owner connection; the society-scoped role (default privileges, 0002) has no business with addresses and emails of sign-in attempts.
REVOKE ALL ON "login_attempts" FROM society_app;
