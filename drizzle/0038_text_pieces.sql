-- Every one- and two-character piece of a tool's name and description text, lower case, cut as
-- catalogue_pieces cuts them (migration 0033): a trimmed text that short holds no space, so it lies
-- inside one space-separated word. Indexed per tool (decision 207), a search of one or two characters
-- finds exactly the tools that hold it, instead of testing descriptions row by row until enough match.
-- Priced as what it is, a hundred substring tests, so no plan computes it row by row instead of reading the index.
-- That price, charged for every row a bitmap scan rechecks, made PostgreSQL plan the searches that read the index
-- with a parallel worker (10 ms to start one for a 2 ms statement): PARALLEL UNSAFE keeps them in one process.
CREATE FUNCTION tool_text_pieces(name text, description_text text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL UNSAFE COST 10000 AS $$
  SELECT coalesce(array_agg(DISTINCT cut.piece), '{}')
  FROM (SELECT string_to_table(lower(name), ' ') UNION SELECT string_to_table(lower(description_text), ' ')) AS words(word),
    LATERAL (SELECT string_to_table(words.word, NULL)
             UNION ALL SELECT (regexp_matches(words.word, '..', 'g'))[1]
             UNION ALL SELECT (regexp_matches(substr(words.word, 2), '..', 'g'))[1]) AS cut(piece)
  WHERE cut.piece <> ''
$$;
--> statement-breakpoint
CREATE INDEX "tools_text_pieces_idx" ON "tools" USING gin (tool_text_pieces("name", "description_text")) WITH (fastupdate=false);--> statement-breakpoint
-- The planner's share of each piece (its most common elements) comes from the index's statistics.
ANALYZE "tools";
