-- Search that understands what people ask (issue 31, decision 155). tools.search_vector becomes stemmed English
-- over the name (A), the tags' names and the tagline (B), the category and features (C) and the description (D);
-- the tags' names are mirrored onto the row (search_tags) by the triggers that keep tag_ids; and search_words holds
-- the catalogue's vocabulary with a trigram index, so a typo is corrected against words, never against every row.
CREATE FUNCTION search_words_text(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(coalesce(value, ''), '[._/\\-]+', ' ', 'g') $$;
--> statement-breakpoint
CREATE FUNCTION search_join_words(value text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(value, ' '), '') $$;
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_tags" text DEFAULT '' NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tool_tags_mirror() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tools SET
    tag_ids = coalesce(
      (SELECT array_agg(tool_tags.tag_id ORDER BY tool_tags.tag_id) FROM tool_tags WHERE tool_tags.tool_id = tools.id),
      '{}'::uuid[]),
    search_tags = coalesce(
      (SELECT string_agg(tags.name, ' ' ORDER BY tags.name) FROM tool_tags JOIN tags ON tags.id = tool_tags.tag_id
        WHERE tool_tags.tool_id = tools.id),
      '')
  WHERE tools.id IN (SELECT DISTINCT tool_id FROM changed_links);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION tags_rename_mirror() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tools SET search_tags = coalesce(
      (SELECT string_agg(tags.name, ' ' ORDER BY tags.name) FROM tool_tags JOIN tags ON tags.id = tool_tags.tag_id
        WHERE tool_tags.tool_id = tools.id),
      '')
  WHERE NEW.id = ANY (tools.tag_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tags_rename_mirror AFTER UPDATE OF name ON tags
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION tags_rename_mirror();
--> statement-breakpoint
UPDATE tools SET search_tags = names.search_tags
FROM (SELECT tool_tags.tool_id, string_agg(tags.name, ' ' ORDER BY tags.name) AS search_tags
  FROM tool_tags JOIN tags ON tags.id = tool_tags.tag_id GROUP BY tool_tags.tool_id) AS names
WHERE tools.id = names.tool_id;
--> statement-breakpoint
DROP INDEX "tools_search_vector_idx";
--> statement-breakpoint
ALTER TABLE "tools" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('english', search_words_text(name)), 'A') || setweight(to_tsvector('english', search_words_text(search_tags || ' ' || coalesce(tagline, ''))), 'B') || setweight(to_tsvector('english', search_words_text(category || ' ' || search_join_words(features))), 'C') || setweight(to_tsvector('english', search_words_text(btrim(regexp_replace(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g')))), 'D')) STORED;
--> statement-breakpoint
CREATE INDEX "tools_search_vector_idx" ON "tools" USING gin ("search_vector") WITH (fastupdate=false);
--> statement-breakpoint
CREATE TABLE "search_words" (
  "word" text PRIMARY KEY NOT NULL,
  "tool_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- A tool's vocabulary: the distinct lower-case words of what search_vector reads, unstemmed, 3 to 40 letters.
CREATE FUNCTION search_vocabulary_of(tool tools) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(word), '{}') FROM unnest(tsvector_to_array(to_tsvector('simple', search_words_text(
    tool.name || ' ' || tool.search_tags || ' ' || coalesce(tool.tagline, '') || ' ' || tool.category || ' ' ||
    search_join_words(tool.features) || ' ' || regexp_replace(coalesce(tool.description, ''), '<[^>]*>', ' ', 'g'))))) AS word
  WHERE char_length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]+$'
$$;
--> statement-breakpoint
CREATE FUNCTION search_words_count(words text[], delta integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words AS known (word, tool_count)
    SELECT word, count(*) * delta FROM unnest(words) AS word GROUP BY word
  ON CONFLICT (word) DO UPDATE SET tool_count = known.tool_count + excluded.tool_count;
  DELETE FROM search_words WHERE word = ANY (words) AND tool_count <= 0;
END $$;
--> statement-breakpoint
-- Statement-level for inserts and deletes (a bulk insert counts its words once); row-level for the updates of the
-- fields read, since a trigger with a column list cannot see transition tables and votes must not pay for words.
CREATE FUNCTION search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_count(array(SELECT unnest(search_vocabulary_of(added)) FROM added_tools AS added), 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_words_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_count(array(SELECT unnest(search_vocabulary_of(removed)) FROM removed_tools AS removed), -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION search_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before_words text[] := search_vocabulary_of(OLD);
  after_words text[] := search_vocabulary_of(NEW);
BEGIN
  PERFORM search_words_count(array(SELECT unnest(after_words) EXCEPT SELECT unnest(before_words)), 1);
  PERFORM search_words_count(array(SELECT unnest(before_words) EXCEPT SELECT unnest(after_words)), -1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_words_insert AFTER INSERT ON tools
  REFERENCING NEW TABLE AS added_tools FOR EACH STATEMENT EXECUTE FUNCTION search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER search_words_delete AFTER DELETE ON tools
  REFERENCING OLD TABLE AS removed_tools FOR EACH STATEMENT EXECUTE FUNCTION search_words_deleted();
--> statement-breakpoint
CREATE TRIGGER search_words_update AFTER UPDATE OF name, search_tags, tagline, category, features, description ON tools
  FOR EACH ROW EXECUTE FUNCTION search_words_updated();
--> statement-breakpoint
SELECT search_words_count(array(SELECT unnest(search_vocabulary_of(tools)) FROM tools), 1);
--> statement-breakpoint
CREATE FUNCTION search_words_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER search_words_truncate AFTER TRUNCATE ON tools FOR EACH STATEMENT EXECUTE FUNCTION search_words_truncated();
