-- Plans keep the order they were entered in (issue 32, decision 153). A JSONB object keeps its keys
-- sorted by length, then bytes, not as typed, so pricing stored as a map of plan name to price came
-- back reordered (Midjourney: Pro, Mega, Basic, Standard). Pricing is now always stored as the list
-- of plans. The order of maps already stored is lost; they become lists in the order JSONB holds
-- them, and an admin's next save keeps whatever order the form then shows.
UPDATE tools
SET pricing = (
  SELECT coalesce(jsonb_agg(jsonb_build_object('plan', entry.key, 'price', entry.value #>> '{}', 'details', '') ORDER BY entry.ordinality), '[]'::jsonb)
  FROM jsonb_each(tools.pricing) WITH ORDINALITY AS entry(key, value, ordinality)
)
WHERE jsonb_typeof(pricing) = 'object';
