CREATE TABLE "tool_category_counts" (
	"category" text PRIMARY KEY NOT NULL,
	"tool_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tool_category_counts_tool_count_check" CHECK ("tool_category_counts"."tool_count" >= 0)
);
