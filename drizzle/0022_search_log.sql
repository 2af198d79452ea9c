-- What people look for (issue 31, decision 162): searches counted per day and normalised text, never
-- who searched. A process adds its batch in one upsert; rows older than 30 days are pruned.
CREATE TABLE "search_queries_daily" (
	"day" date NOT NULL,
	"query" text NOT NULL,
	"search_count" integer NOT NULL,
	"zero_result_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_queries_daily_day_query_pk" PRIMARY KEY("day","query"),
	CONSTRAINT "search_queries_daily_counts_check" CHECK ("search_queries_daily"."search_count" > 0 and "search_queries_daily"."zero_result_count" between 0 and "search_queries_daily"."search_count"),
	CONSTRAINT "search_queries_daily_query_check" CHECK (char_length("search_queries_daily"."query") between 1 and 100 and position('@' in "search_queries_daily"."query") = 0)
);
