-- Structured facts people choose a tool by (issue 32, decision 157): one row per known fact, each
-- with the page it was read from and the day it was checked. A fact with no row is unknown.
--   free_plan, api, open_source, self_hostable: value 'yes' or 'no'; detail holds the free plan's
--     limits, the API's docs address or the licence.
--   trains_on_your_data: value 'yes', 'no' or 'opt-out'.
--   platforms, certifications: items (platforms from a fixed list, certifications free text).
--   data_retention: detail, a short text.
CREATE TABLE "tool_facts" (
  "tool_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE CASCADE,
  "fact" text NOT NULL,
  "value" text,
  "items" text[] DEFAULT '{}'::text[] NOT NULL,
  "detail" text DEFAULT '' NOT NULL,
  "source_url" text NOT NULL,
  "checked_at" date NOT NULL,
  CONSTRAINT "tool_facts_pkey" PRIMARY KEY ("tool_id", "fact"),
  CONSTRAINT "tool_facts_fact_check" CHECK ("fact" IN ('free_plan', 'api', 'open_source', 'self_hostable', 'platforms', 'trains_on_your_data', 'data_retention', 'certifications')),
  CONSTRAINT "tool_facts_value_check" CHECK (
    CASE
      WHEN "fact" IN ('free_plan', 'api', 'open_source', 'self_hostable') THEN "value" IN ('yes', 'no')
      WHEN "fact" = 'trains_on_your_data' THEN "value" IN ('yes', 'no', 'opt-out')
      ELSE "value" IS NULL
    END),
  CONSTRAINT "tool_facts_platforms_check" CHECK ("fact" <> 'platforms' OR "items" <@ ARRAY['web', 'ios', 'android', 'windows', 'macos', 'linux', 'browser-extension']::text[]),
  CONSTRAINT "tool_facts_source_url_check" CHECK ("source_url" ~ '^https?://'),
  CONSTRAINT "tool_facts_detail_length_check" CHECK (char_length("detail") <= 300)
);
--> statement-breakpoint
-- The facts a list filters on, mirrored on the tools row ("has:api", "has:free-plan",
-- "has:open-source", "has:self-hosted", "platform:ios", ...) like tag_ids (migration 0008), so
-- the facets' one GIN index answers fact filters together with category, pricing and tags.
ALTER TABLE "tools" ADD COLUMN "fact_facets" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
CREATE FUNCTION tool_fact_facets(for_tool uuid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(facet ORDER BY facet), '{}'::text[]) FROM (
    SELECT CASE fact
        WHEN 'free_plan' THEN 'has:free-plan'
        WHEN 'api' THEN 'has:api'
        WHEN 'open_source' THEN 'has:open-source'
        WHEN 'self_hostable' THEN 'has:self-hosted'
      END AS facet
    FROM tool_facts WHERE tool_id = for_tool AND value = 'yes'
    UNION
    SELECT 'platform:' || platform FROM tool_facts, unnest(items) AS platform
    WHERE tool_id = for_tool AND fact = 'platforms'
  ) AS facets WHERE facet IS NOT NULL
$$;
--> statement-breakpoint
CREATE FUNCTION tool_facts_mirror() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tools SET fact_facets = tool_fact_facets(tools.id)
  WHERE tools.id IN (SELECT DISTINCT tool_id FROM changed_facts)
    AND fact_facets IS DISTINCT FROM tool_fact_facets(tools.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tool_facts_mirror_insert AFTER INSERT ON tool_facts
  REFERENCING NEW TABLE AS changed_facts FOR EACH STATEMENT EXECUTE FUNCTION tool_facts_mirror();
--> statement-breakpoint
CREATE TRIGGER tool_facts_mirror_update AFTER UPDATE ON tool_facts
  REFERENCING NEW TABLE AS changed_facts FOR EACH STATEMENT EXECUTE FUNCTION tool_facts_mirror();
--> statement-breakpoint
CREATE TRIGGER tool_facts_mirror_delete AFTER DELETE ON tool_facts
  REFERENCING OLD TABLE AS changed_facts FOR EACH STATEMENT EXECUTE FUNCTION tool_facts_mirror();
--> statement-breakpoint
DROP INDEX "tools_facets_idx";
--> statement-breakpoint
ALTER TABLE "tools" DROP COLUMN "facets";
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "facets" text[] GENERATED ALWAYS AS (array['category:' || category, 'pricing:' || coalesce(pricing_model, 'unset')] || tag_ids::text[] || fact_facets) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "tools_facets_idx" ON "tools" USING gin ("facets") WITH (fastupdate=false);
--> statement-breakpoint
-- An AI refresh may propose a fact too (decision 165): its field is named as the change log names it.
ALTER TABLE "refresh_proposal_fields" DROP CONSTRAINT "refresh_proposal_fields_field_check";
--> statement-breakpoint
ALTER TABLE "refresh_proposal_fields" ADD CONSTRAINT "refresh_proposal_fields_field_check" CHECK (field in ('description', 'tagline', 'features', 'pricing', 'pricingModel', 'pros', 'facts.free_plan', 'facts.api', 'facts.open_source', 'facts.self_hostable', 'facts.platforms', 'facts.trains_on_your_data', 'facts.data_retention', 'facts.certifications'));
