-- Audit log search of 1 or 2 characters (GET /audit/logs/{personal,admin}?search=a): the trigram
-- index of migration 0001 cannot answer a pattern shorter than three characters, so those searches
-- read the whole table. This GIN index holds, per row, every character and every pair of adjacent
-- characters of the lower-cased searched text (the same expression as 0001). The route adds
-- `audit_search_grams(<expr>) @> audit_search_keys(<search>)` to a short search's ILIKE: a row
-- can contain the search only if it holds the search's pairs (or its single character), and the
-- ILIKE still decides, so the matches are exactly the ILIKE's. Plain SQL functions: they run on
-- PostgreSQL and on PGlite alike, without an extension.
CREATE OR REPLACE FUNCTION audit_search_grams(doc text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT string_to_array(l, NULL) || ARRAY(SELECT substr(l, i, 2) FROM generate_series(1, length(l) - 1) AS i) FROM lower(doc) AS l $$;--> statement-breakpoint
-- What a text must hold to contain `search`: its adjacent pairs, or itself when it is one
-- character, lower-cased as ILIKE compares.
CREATE OR REPLACE FUNCTION audit_search_keys(search text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE WHEN length(l) < 2 THEN ARRAY[l] ELSE ARRAY(SELECT substr(l, i, 2) FROM generate_series(1, length(l) - 1) AS i) END FROM lower(search) AS l $$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "audit_logs_search_grams_idx" ON "audit_logs" USING gin (audit_search_grams("message" || E'\n' || coalesce("user_name", '') || E'\n' || "source_name"));
