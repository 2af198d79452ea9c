-- Migration 0020's vocabulary counts, fast for bulk writes (decision 155): a batch of 500 tools holds some 50,000
-- words, and `word = ANY (words)` compared every vocabulary row with all of them (a minute per batch). Counts now
-- go in as one grouped upsert, and only a decrease looks for words left at zero, through a hash join.
CREATE OR REPLACE FUNCTION search_words_count(words text[], delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS known (word, tool_count)
    SELECT word, count(*) * delta FROM unnest(words) AS word GROUP BY word
  ON CONFLICT (word) DO UPDATE SET tool_count = known.tool_count + excluded.tool_count;
  IF delta < 0 THEN
    DELETE FROM search_words USING (SELECT DISTINCT word FROM unnest(words) AS word) AS changed
      WHERE search_words.word = changed.word AND search_words.tool_count <= 0;
  END IF;
END $$;
