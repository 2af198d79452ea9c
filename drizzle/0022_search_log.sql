-- Filled by the search dashboard's work (issue 31): a no-op until then.
SELECT 1;
