ALTER TABLE "tools" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;
--> statement-breakpoint
CREATE INDEX "tools_tag_ids_idx" ON "tools" USING gin ("tag_ids");
--> statement-breakpoint
-- tools.tag_ids mirrors tool_tags, so a tag filter is one indexed test on the tools row itself:
-- walked in any sort's index order, or combined with the other filters' indexes, with the
-- planner's estimates drawn from the array's statistics. Statement-level triggers see every row
-- a bulk insert or delete (a tag's or a tool's cascade included) changed at once.
CREATE FUNCTION tool_tags_mirror() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tools SET tag_ids = coalesce(
    (SELECT array_agg(tool_tags.tag_id ORDER BY tool_tags.tag_id) FROM tool_tags WHERE tool_tags.tool_id = tools.id),
    '{}'::uuid[])
  WHERE tools.id IN (SELECT DISTINCT tool_id FROM changed_links);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_tags_mirror_insert AFTER INSERT ON tool_tags
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION tool_tags_mirror();
--> statement-breakpoint
CREATE TRIGGER tool_tags_mirror_delete AFTER DELETE ON tool_tags
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION tool_tags_mirror();
--> statement-breakpoint
UPDATE tools SET tag_ids = links.tag_ids
FROM (SELECT tool_id, array_agg(tag_id ORDER BY tag_id) AS tag_ids FROM tool_tags GROUP BY tool_id) AS links
WHERE tools.id = links.tool_id;
