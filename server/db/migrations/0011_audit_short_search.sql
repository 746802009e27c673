-- Audit log search of 1 or 2 characters (GET /audit/logs/{personal,admin}?search=a): the trigram
-- index of migration 0001 cannot answer a pattern shorter than three characters, so those searches
-- read the whole table. This GIN index holds, per row, the set of characters of the lower-cased
-- searched text (the same expression as 0001). The route adds
-- `string_to_array(lower(<expr>), NULL) @> string_to_array(lower(<search>), NULL)` to a short
-- search's ILIKE: a row can contain the search only if it holds each of its characters, and the
-- ILIKE still decides, so the matches are exactly the ILIKE's. Built-in functions only (cheap to
-- evaluate when the planner filters with them instead); runs on PostgreSQL and PGlite alike.
CREATE INDEX IF NOT EXISTS "audit_logs_search_chars_idx" ON "audit_logs" USING gin (string_to_array(lower("message" || E'\n' || coalesce("user_name", '') || E'\n' || "source_name"), NULL));
