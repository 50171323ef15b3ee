-- Trigram indexes without a pending list (db/schema/requests.ts explains why). ALTER rather than
-- drizzle-kit's DROP + CREATE: no rebuild, no lock against inserts (an SOS is an insert); the
-- entries already pending are then merged once.
ALTER INDEX "desk_requests_search_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "not_home_search_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('desk_requests_search_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('not_home_search_idx'::regclass);
