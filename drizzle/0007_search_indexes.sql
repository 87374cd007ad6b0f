-- Search (decision 0021): hand-written because drizzle-kit cannot express an extension, a
-- generated tsvector column or operator-class indexes. Every statement is idempotent so
-- the file can be re-applied after the drizzle migrations are regenerated.
-- GIN indexes are built with fastupdate off: dares and people arrive at human speed, and
-- a pending list of unmerged entries makes every search scan it and makes the planner
-- cost the index so high that it scans the table instead.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The words of a dare, title weighted above description. 'simple' keeps every word as
-- written (lower-cased): no stemming, no stop words, any language; prefixes do the rest.
-- Not declared in the drizzle schema, so ordinary selects never carry it.
ALTER TABLE "dares" ADD COLUMN IF NOT EXISTS "search_document" tsvector
  GENERATED ALWAYS AS (
    setweight(to_tsvector('simple'::regconfig, "title"), 'A')
    || setweight(to_tsvector('simple'::regconfig, "description"), 'B')
  ) STORED;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "dares_search_document_idx" ON "dares" USING gin ("search_document") WITH (fastupdate = off);
--> statement-breakpoint
-- Typos in a title word: word_similarity (<%) through trigrams.
CREATE INDEX IF NOT EXISTS "dares_title_trgm_idx" ON "dares" USING gin ("title" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- People: prefixes of the username and display name (LIKE 'x%' needs text_pattern_ops
-- whatever the collation), then substrings and typos over both names through trigrams.
CREATE INDEX IF NOT EXISTS "users_username_prefix_idx" ON "users" (lower("username") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_display_name_prefix_idx" ON "users" (lower("display_name") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_names_trgm_idx" ON "users" USING gin (("username" || ' ' || coalesce("display_name", '')) gin_trgm_ops) WITH (fastupdate = off);
