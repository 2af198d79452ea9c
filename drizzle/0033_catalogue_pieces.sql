-- Every one- and two-character piece of any tool's name or description text, lower case
-- (decision 194): a search of one or two characters that no piece matches has no match, proved
-- by this primary key instead of reading every description (seconds at 100,000 tools). Such a
-- text never holds a space (it is trimmed), so it lies inside one space-separated word: pieces
-- are cut from the distinct words, which a bulk insert shares. Only added to: a piece whose last
-- holder went stays, and a superset still proves an absence.
CREATE TABLE "catalogue_pieces" (
	"piece" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION catalogue_pieces_add_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_pieces (piece)
    SELECT DISTINCT cut.piece
    FROM (
      SELECT DISTINCT split.word FROM added_tools,
        LATERAL (SELECT string_to_table(lower(added_tools.name), ' ')
                 UNION ALL SELECT string_to_table(lower(added_tools.description_text), ' ')) AS split(word)
    ) AS words,
    LATERAL (SELECT string_to_table(words.word, NULL)
             UNION ALL SELECT (regexp_matches(words.word, '..', 'g'))[1]
             UNION ALL SELECT (regexp_matches(substr(words.word, 2), '..', 'g'))[1]) AS cut(piece)
    WHERE cut.piece <> ''
  ON CONFLICT (piece) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tools_pieces_after_insert AFTER INSERT ON tools
  REFERENCING NEW TABLE AS added_tools FOR EACH STATEMENT EXECUTE FUNCTION catalogue_pieces_add_rows();
--> statement-breakpoint
-- A rename or a new description: one row at a time, and only when the text changed, so the hourly
-- trending update and every vote (which set neither column) never pay for it.
CREATE FUNCTION catalogue_pieces_add_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO catalogue_pieces (piece)
    SELECT DISTINCT cut.piece
    FROM (SELECT string_to_table(lower(NEW.name), ' ')
          UNION SELECT string_to_table(lower(NEW.description_text), ' ')) AS words(word),
    LATERAL (SELECT string_to_table(words.word, NULL)
             UNION ALL SELECT (regexp_matches(words.word, '..', 'g'))[1]
             UNION ALL SELECT (regexp_matches(substr(words.word, 2), '..', 'g'))[1]) AS cut(piece)
    WHERE cut.piece <> ''
  ON CONFLICT (piece) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tools_pieces_after_update AFTER UPDATE OF name, description ON tools
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION catalogue_pieces_add_row();
--> statement-breakpoint
INSERT INTO catalogue_pieces (piece)
  SELECT DISTINCT cut.piece
  FROM (
    SELECT DISTINCT split.word FROM tools,
      LATERAL (SELECT string_to_table(lower(tools.name), ' ')
               UNION ALL SELECT string_to_table(lower(tools.description_text), ' ')) AS split(word)
  ) AS words,
  LATERAL (SELECT string_to_table(words.word, NULL)
           UNION ALL SELECT (regexp_matches(words.word, '..', 'g'))[1]
           UNION ALL SELECT (regexp_matches(substr(words.word, 2), '..', 'g'))[1]) AS cut(piece)
  WHERE cut.piece <> ''
ON CONFLICT (piece) DO NOTHING;
