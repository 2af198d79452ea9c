-- Trigram indexes back substring search on tool names and descriptions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
