-- The tool pages an article links to (issue 34), read from its content at every save.
CREATE TABLE "article_tools" (
  "article_id" uuid NOT NULL REFERENCES "articles"("id") ON DELETE CASCADE,
  "tool_id" uuid NOT NULL REFERENCES "tools"("id") ON DELETE CASCADE,
  CONSTRAINT "article_tools_article_id_tool_id_pk" PRIMARY KEY ("article_id", "tool_id")
);
--> statement-breakpoint
CREATE INDEX "article_tools_tool_idx" ON "article_tools" ("tool_id");
