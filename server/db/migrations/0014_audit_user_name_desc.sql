-- The audit lists sorted by user name, descending (GET /audit/logs/{personal,admin}?sortBy=userName):
-- the order is `user_name DESC NULLS LAST, log_id DESC` (system events, without a user name, come
-- last in both directions). audit_logs_user_name_idx (migration 0001) read backwards gives NULLS
-- FIRST, so PostgreSQL scanned and sorted the whole table for the first page (243 ms at 1,000,000
-- rows); this index is that order, and the page reads 100 index entries (0.3 ms). The ascending
-- order (`ASC NULLS LAST`) is audit_logs_user_name_idx read forwards.
CREATE INDEX IF NOT EXISTS "audit_logs_user_name_desc_idx" ON "audit_logs" USING btree ("user_name" DESC NULLS LAST, "log_id" DESC);
