-- Search at 100,000 tools (issue 20, decision 091): search_vector becomes unstemmed ('simple') so a word typed
-- in part finds the words it begins, its GIN index drops the pending list (PGlite has no autovacuum to merge it),
-- names get a prefix index, and the description's trigram index goes: search no longer reads it.
DROP INDEX "tools_description_text_trgm_idx";--> statement-breakpoint
DROP INDEX "tools_search_vector_idx";--> statement-breakpoint
ALTER TABLE "tools" drop column "search_vector";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(category, '') || ' ' || coalesce(tagline, '')), 'B') || setweight(to_tsvector('simple', btrim(regexp_replace(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g'))), 'C')) STORED;--> statement-breakpoint
CREATE INDEX "tools_lower_name_pattern_idx" ON "tools" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "tools_search_vector_idx" ON "tools" USING gin ("search_vector") WITH (fastupdate=false);
