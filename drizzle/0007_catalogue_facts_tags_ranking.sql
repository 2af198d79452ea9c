CREATE TABLE "ranking_prior" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"mean" double precision NOT NULL,
	"weight" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_slug_unique" UNIQUE("slug"),
	CONSTRAINT "tags_slug_check" CHECK ("tags"."slug" <> ''),
	CONSTRAINT "tags_name_check" CHECK (btrim("tags"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "tool_tags" (
	"tool_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "tool_tags_tool_id_tag_id_pk" PRIMARY KEY("tool_id","tag_id")
);
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "tagline" text;
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "pricing_model" text;
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "starting_price" text;
--> statement-breakpoint
ALTER TABLE "tools" drop column "search_vector";
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(tagline, '')), 'B') || setweight(to_tsvector('english', btrim(regexp_replace(regexp_replace(coalesce(description, ''), '<[^>]*>', ' ', 'g'), '\s+', ' ', 'g'))), 'C')) STORED;
--> statement-breakpoint
CREATE INDEX "tools_search_vector_idx" ON "tools" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "tools" ADD COLUMN "ranking_score" double precision DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "tool_tags" ADD CONSTRAINT "tool_tags_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tool_tags" ADD CONSTRAINT "tool_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "tags_lower_name_idx" ON "tags" USING btree (lower("name"));
--> statement-breakpoint
CREATE INDEX "tool_tags_tag_idx" ON "tool_tags" USING btree ("tag_id","tool_id");
--> statement-breakpoint
CREATE INDEX "tools_ranking_idx" ON "tools" USING btree ("ranking_score" DESC NULLS LAST,"vote_count" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "tools_vote_count_idx" ON "tools" USING btree ("vote_count" DESC NULLS LAST,"ranking_score" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "tools_category_ranking_idx" ON "tools" USING btree ("category","ranking_score" DESC NULLS LAST,"vote_count" DESC NULLS LAST,"id");
--> statement-breakpoint
CREATE INDEX "tools_pricing_model_ranking_idx" ON "tools" USING btree ("pricing_model","ranking_score" DESC NULLS LAST,"vote_count" DESC NULLS LAST,"id");
--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_tagline_check" CHECK ("tools"."tagline" is null or char_length("tools"."tagline") <= 120);
--> statement-breakpoint
ALTER TABLE "tools" ADD CONSTRAINT "tools_pricing_model_check" CHECK (pricing_model is null or pricing_model in ('free', 'freemium', 'free-trial', 'paid', 'contact'));
--> statement-breakpoint
-- Existing tools: a pricing model where the plans make it clear (all free, or free beside paid);
-- anything else is left for the admin to choose.
WITH plan_prices AS (
	SELECT t.id,
		CASE jsonb_typeof(t.pricing)
			WHEN 'array' THEN (SELECT array_agg(coalesce(p->>'price', '')) FROM jsonb_array_elements(t.pricing) AS p)
			WHEN 'object' THEN (SELECT array_agg(e.key || ' ' || coalesce(e.value #>> '{}', '')) FROM jsonb_each(t.pricing) AS e)
		END AS prices
	FROM "tools" AS t
	WHERE t.pricing IS NOT NULL AND t.pricing_model IS NULL
), counted AS (
	SELECT id,
		cardinality(prices) AS plans,
		(SELECT count(*) FROM unnest(prices) AS price WHERE price ~* '(^|\s)(free|\$\s*0(\.0+)?)(\s|/|$)') AS free_plans
	FROM plan_prices
	WHERE prices IS NOT NULL
)
UPDATE "tools" AS t
SET pricing_model = CASE WHEN c.free_plans = c.plans THEN 'free' ELSE 'freemium' END
FROM counted AS c
WHERE t.id = c.id AND c.plans > 0 AND c.free_plans > 0
--> statement-breakpoint
-- The ranking prior (m = 10 votes toward the catalogue's mean vote, 3 when nobody has voted) and every tool's score.
INSERT INTO "ranking_prior" ("id", "mean", "weight")
SELECT true, coalesce(sum(rating * vote_count) / nullif(sum(vote_count), 0), 3)::double precision, 10
FROM "tools" WHERE vote_count > 0
--> statement-breakpoint
UPDATE "tools"
SET ranking_score = (coalesce(rating, 0) * vote_count + p.weight * p.mean) / (vote_count + p.weight)
FROM "ranking_prior" AS p;
--> statement-breakpoint
-- Every tool's ranking score follows its votes in the same statement: a new tool, or a new rating
-- and count after a vote, is scored with the stored prior (refreshRankingPrior re-scores them all).
CREATE FUNCTION tools_ranking_score() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT (coalesce(NEW.rating, 0) * NEW.vote_count + p.weight * p.mean) / (NEW.vote_count + p.weight)
    INTO NEW.ranking_score FROM ranking_prior AS p;
  NEW.ranking_score := coalesce(NEW.ranking_score, (coalesce(NEW.rating, 0) * NEW.vote_count + 30) / (NEW.vote_count + 10));
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tools_ranking_score BEFORE INSERT OR UPDATE OF rating, vote_count ON tools
  FOR EACH ROW EXECUTE FUNCTION tools_ranking_score();
