CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"used" bigint NOT NULL,
	"counted" boolean NOT NULL
);
--> statement-breakpoint
-- Rate limits are counted on the owner connection; the society-scoped role has no business with them.
REVOKE ALL ON "rate_limits" FROM society_app;
