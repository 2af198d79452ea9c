-- The search vector stays in the tool's row (decision 198). Stored the default way (EXTENDED), a
-- row of 4-5 KB had its largest values moved to the TOAST table, the vector first, so every test of
-- `search_vector @@ query` while walking the ranking index read the TOAST index and a chunk besides the
-- row: 4,321 buffers to find 124 tools answering "image" at 100,000 tools, 876 with the vector in the
-- row. MAIN keeps a value inline unless the row outgrows a page. The other short values are MAIN too:
-- with the vector inline, PostgreSQL would otherwise move them out of line to bring a row under 2 KB
-- (a card's pros, the facets every filter rechecks). Only the description and its text, which one tool's
-- page reads, go out of line. Rows already written keep their layout until they are next written;
-- `VACUUM FULL tools` rewrites them at once (README, Upgrading).
ALTER TABLE "tools"
  ALTER COLUMN "search_vector" SET STORAGE MAIN,
  ALTER COLUMN "slug" SET STORAGE MAIN,
  ALTER COLUMN "name" SET STORAGE MAIN,
  ALTER COLUMN "image" SET STORAGE MAIN,
  ALTER COLUMN "category" SET STORAGE MAIN,
  ALTER COLUMN "pros" SET STORAGE MAIN,
  ALTER COLUMN "cons" SET STORAGE MAIN,
  ALTER COLUMN "features" SET STORAGE MAIN,
  ALTER COLUMN "pricing" SET STORAGE MAIN,
  ALTER COLUMN "meta_title" SET STORAGE MAIN,
  ALTER COLUMN "website" SET STORAGE MAIN,
  ALTER COLUMN "tagline" SET STORAGE MAIN,
  ALTER COLUMN "pricing_model" SET STORAGE MAIN,
  ALTER COLUMN "starting_price" SET STORAGE MAIN,
  ALTER COLUMN "tag_ids" SET STORAGE MAIN,
  ALTER COLUMN "search_tags" SET STORAGE MAIN,
  ALTER COLUMN "fact_facets" SET STORAGE MAIN,
  ALTER COLUMN "facets" SET STORAGE MAIN;
