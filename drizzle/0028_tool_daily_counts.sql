-- A tool's page views and website clicks per day (issue 33): counts only, no visitor recorded.
CREATE TABLE "tool_daily_counts" (
  "tool_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "views" integer DEFAULT 0 NOT NULL,
  "clicks" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "tool_daily_counts_tool_id_day_pk" PRIMARY KEY ("tool_id", "day")
);
--> statement-breakpoint
CREATE INDEX "tool_daily_counts_day_idx" ON "tool_daily_counts" ("day");
--> statement-breakpoint
-- "Trending" (issue 34, decision 179): a stored, indexed score refreshed from the counters, saves and votes.
ALTER TABLE "tools" ADD COLUMN "trending_score" double precision DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "tools_trending_idx" ON "tools" USING btree ("trending_score" DESC NULLS LAST, "ranking_score" DESC NULLS LAST, "id");
--> statement-breakpoint
CREATE INDEX "saved_tools_created_at_idx" ON "saved_tools" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX "tool_votes_created_at_idx" ON "tool_votes" USING btree ("created_at");
