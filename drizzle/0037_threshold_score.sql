-- A search's ranking threshold is the score of the K-th best ranked tool, K in the thousands (decision 205). The
-- ranking index holds the whole order and its included columns, 150 bytes and more an entry: the score alone is
-- read in a fraction of the time. Keyed on its negation, an expression no list orders by, so no walk of the
-- lists' order takes it in place of the ranking index; the score itself included, so the index answers alone.
CREATE INDEX "tools_threshold_score_idx" ON "tools" USING btree ((- "ranking_score")) INCLUDE ("ranking_score");
