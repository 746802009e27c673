-- Audit log search (GET /audit/logs/{personal,admin}?search=): one trigram GIN index over the
-- searched text (message, user name, source, newline-separated so a match never spans two
-- fields). The route filters with exactly this expression, `<expr> ILIKE '%…%'`, which the
-- planner answers from the index. pg_trgm ships with PostgreSQL 15 and is loaded into PGlite
-- by server/db/index.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_search_trgm_idx" ON "audit_logs" USING gin (("message" || E'\n' || coalesce("user_name", '') || E'\n' || "source_name") gin_trgm_ops);
--> statement-breakpoint
-- Sorting System Logs by source or by user walks these instead of sorting a million rows.
CREATE INDEX IF NOT EXISTS "audit_logs_source_idx" ON "audit_logs" USING btree ("source_name","log_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_user_name_idx" ON "audit_logs" USING btree ("user_name","log_id");
