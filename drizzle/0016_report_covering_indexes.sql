DROP INDEX IF EXISTS "desk_requests_report_idx";--> statement-breakpoint
CREATE INDEX "audit_report_idx" ON "audit_log" USING btree ("society_id","entity","at","actor_kind","actor_id","entity_id");--> statement-breakpoint
CREATE INDEX "desk_requests_report_idx" ON "desk_requests" USING btree ("society_id","desk","created_at","stage","proceeded_at","completed_at","is_drill","proceeded_by");