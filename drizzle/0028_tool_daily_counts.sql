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
