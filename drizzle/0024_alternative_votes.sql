-- Filled by the alternatives' work (issue 32): a no-op until then.
SELECT 1;
