-- The search vector stays in the tool's own row (decision 198). Stored the default way (EXTENDED), a
-- row of 4-5 KB had its largest values moved to the TOAST table, the vector first, so every test of
-- `search_vector @@ query` while walking the ranking index read the TOAST index and a chunk besides the
-- row: 4,321 buffers to find 124 tools answering "image" at 100,000 tools, 876 with the vector in the
-- row. MAIN keeps it inline unless a row outgrows a page; the description and its text, read for one
-- tool's page, go out of line instead. Rows already written keep their layout until their vector is
-- next computed; `VACUUM FULL tools` rewrites them at once (README, Upgrading).
ALTER TABLE "tools" ALTER COLUMN "search_vector" SET STORAGE MAIN;
