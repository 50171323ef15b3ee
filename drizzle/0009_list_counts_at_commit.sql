-- Issue 11 (bench/load.ts): the list counters are kept at COMMIT instead of at each row change.
-- As plain AFTER triggers, the first SOS press of a transaction took its society's counter row
-- lock at the insert and held it through the audit insert and the commit's round trips, so
-- concurrent presses in one society waited for each other. As deferred constraint triggers they
-- run the same function with the same OLD/NEW rows, queued, during COMMIT: the counter row is
-- locked only for the commit itself. Counts are read by other transactions only, so nothing
-- reads them between the change and the commit.
DROP TRIGGER desk_requests_list_counts ON desk_requests;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER desk_requests_list_counts AFTER INSERT OR UPDATE OR DELETE ON desk_requests
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION list_counts_track('desk_requests_lists');--> statement-breakpoint
DROP TRIGGER not_home_requests_list_counts ON not_home_requests;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER not_home_requests_list_counts AFTER INSERT OR UPDATE OR DELETE ON not_home_requests
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION list_counts_track('not_home_requests_lists');
