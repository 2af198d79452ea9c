-- A search of one or two characters looks for the names holding it among the 2,000 best ranked tools
-- (decision 197): with the name and the discontinued mark on the ranking index, that walk reads the
-- index alone instead of 2,000 rows' pages (most of such a search's time at 100,000 tools).
DROP INDEX "tools_ranking_idx";--> statement-breakpoint
CREATE INDEX "tools_ranking_idx" ON "tools" USING btree ("ranking_score" DESC NULLS LAST, "vote_count" DESC NULLS LAST, "id") INCLUDE ("tag_ids", "name", "discontinued_at");
