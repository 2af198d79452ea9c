-- Keeps tool_category_counts exact on every change to tools, in the same transaction.
-- Statement-level triggers see all rows of a bulk insert at once; an update that keeps the
-- category (a new rating after a vote) nets to zero and writes nothing. Categories whose
-- count reaches zero are removed, so the table also lists the categories in use.
CREATE FUNCTION tool_category_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM tool_category_counts;
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO tool_category_counts (category, tool_count)
      SELECT category, count(*) FROM new_tools GROUP BY category
    ON CONFLICT (category) DO UPDATE SET tool_count = tool_category_counts.tool_count + excluded.tool_count;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE tool_category_counts AS counts SET tool_count = counts.tool_count - removed.n
      FROM (SELECT category, count(*) AS n FROM old_tools GROUP BY category) AS removed
      WHERE counts.category = removed.category;
  ELSE
    -- A CHECK sees the row an INSERT proposes before ON CONFLICT, so falling counts are
    -- updated and only rising ones go through the upsert.
    WITH changes AS (
      SELECT category, sum(change) AS delta FROM (
        SELECT category, 1 AS change FROM new_tools
        UNION ALL
        SELECT category, -1 AS change FROM old_tools
      ) AS moved
      GROUP BY category HAVING sum(change) <> 0
    ), lowered AS (
      UPDATE tool_category_counts AS counts SET tool_count = counts.tool_count + changes.delta
        FROM changes WHERE counts.category = changes.category AND changes.delta < 0
        RETURNING counts.category
    )
    INSERT INTO tool_category_counts (category, tool_count)
      SELECT category, delta FROM changes WHERE delta > 0
    ON CONFLICT (category) DO UPDATE SET tool_count = tool_category_counts.tool_count + excluded.tool_count;
  END IF;
  DELETE FROM tool_category_counts WHERE tool_count = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tools_counts_after_insert AFTER INSERT ON tools
  REFERENCING NEW TABLE AS new_tools FOR EACH STATEMENT EXECUTE FUNCTION tool_category_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tools_counts_after_update AFTER UPDATE ON tools
  REFERENCING OLD TABLE AS old_tools NEW TABLE AS new_tools FOR EACH STATEMENT EXECUTE FUNCTION tool_category_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tools_counts_after_delete AFTER DELETE ON tools
  REFERENCING OLD TABLE AS old_tools FOR EACH STATEMENT EXECUTE FUNCTION tool_category_counts_apply();
--> statement-breakpoint
CREATE TRIGGER tools_counts_after_truncate AFTER TRUNCATE ON tools
  FOR EACH STATEMENT EXECUTE FUNCTION tool_category_counts_apply();
--> statement-breakpoint
INSERT INTO tool_category_counts (category, tool_count)
  SELECT category, count(*) FROM tools GROUP BY category
ON CONFLICT (category) DO UPDATE SET tool_count = excluded.tool_count;
