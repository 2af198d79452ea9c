-- One GIN index over everything a list filters on (category, pricing model, tags), so filters used
-- together are one index scan intersecting their entries instead of a BitmapAnd of three indexes
-- and a recheck of every row of the widest one. It replaces the tag-only index. No fast-update
-- pending list: searches would scan it, and PGlite has no autovacuum to merge it.
DROP INDEX "tools_tag_ids_idx";--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "facets" text[] GENERATED ALWAYS AS (array['category:' || category, 'pricing:' || coalesce(pricing_model, 'unset')] || tag_ids::text[]) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "tools_facets_idx" ON "tools" USING gin ("facets") WITH (fastupdate=false);