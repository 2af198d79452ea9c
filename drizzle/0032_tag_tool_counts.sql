-- Tools per tag, kept exact by statement-level triggers on tool_tags like tool_category_counts
-- (migration 0003), so the tag filters of every browsing page read one row a tag instead of
-- grouping every tool's tags on each request. A tool's or a tag's deletion cascades here too:
-- its links' DELETE fires the trigger. Tags whose count reaches zero lose their row.
CREATE TABLE "tag_tool_counts" (
	"tag_id" uuid PRIMARY KEY NOT NULL,
	"tool_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tag_tool_counts_tool_count_check" CHECK ("tag_tool_counts"."tool_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tag_tool_counts" ADD CONSTRAINT "tag_tool_counts_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION tag_tool_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tag_tool_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO tag_tool_counts (tag_id, tool_count)
      SELECT tag_id, count(*) FROM added_links GROUP BY tag_id
    ON CONFLICT (tag_id) DO UPDATE SET tool_count = tag_tool_counts.tool_count + excluded.tool_count;
  ELSE
    -- A deleted tag's row is gone already (its cascade): updating it is a no-op.
    UPDATE tag_tool_counts AS counts SET tool_count = counts.tool_count - removed.n
      FROM (SELECT tag_id, count(*) AS n FROM removed_links GROUP BY tag_id) AS removed
      WHERE counts.tag_id = removed.tag_id;
    DELETE FROM tag_tool_counts WHERE tool_count = 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_tags_counts_after_insert AFTER INSERT ON tool_tags
  REFERENCING NEW TABLE AS added_links FOR EACH STATEMENT EXECUTE FUNCTION tag_tool_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tool_tags_counts_after_delete AFTER DELETE ON tool_tags
  REFERENCING OLD TABLE AS removed_links FOR EACH STATEMENT EXECUTE FUNCTION tag_tool_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tool_tags_counts_after_truncate AFTER TRUNCATE ON tool_tags
  FOR EACH STATEMENT EXECUTE FUNCTION tag_tool_counts_apply();
--> statement-breakpoint
INSERT INTO tag_tool_counts (tag_id, tool_count)
  SELECT tag_id, count(*) FROM tool_tags GROUP BY tag_id;
