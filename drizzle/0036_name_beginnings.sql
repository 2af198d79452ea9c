-- A search of one or two characters ranks the names beginning with it first: their best ranked are read in
-- order from a range of one of these indexes (decision 202), where walking the ranking index met a rare
-- beginning only thousands of entries down and telling rare from common took an estimate of its own.
CREATE INDEX "tools_name_beginning_1_idx" ON "tools" USING btree (left(lower("name"), 1),"ranking_score" DESC NULLS LAST,"vote_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tools_name_beginning_2_idx" ON "tools" USING btree (left(lower("name"), 2),"ranking_score" DESC NULLS LAST,"vote_count" DESC NULLS LAST,"id");