-- The ranking index carries each tool's tag ids, so "the best-ranked tools with this tag" (a tool's
-- alternatives) is an index-only walk that checks tags on the index entry, never the table row.
-- Drizzle cannot spell INCLUDE, so the schema declares the index by its key columns only.
DROP INDEX "tools_ranking_idx";--> statement-breakpoint
CREATE INDEX "tools_ranking_idx" ON "tools" USING btree ("ranking_score" DESC NULLS LAST, "vote_count" DESC NULLS LAST, "id") INCLUDE ("tag_ids");
