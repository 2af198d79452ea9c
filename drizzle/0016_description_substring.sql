-- The spec's search rule (section 5): a case-insensitive substring of the name or the description, for
-- every length of text (decision 091). The description's trigram index, dropped in 0015, serves it again.
CREATE INDEX "tools_description_text_trgm_idx" ON "tools" USING gin ("description_text" gin_trgm_ops);