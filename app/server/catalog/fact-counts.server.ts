import { and, sql } from "drizzle-orm";
import { type FactCounts, HAS_FILTERS, hasFacet, PLATFORMS, platformFacet } from "~/lib/fact-filters";
import type { ToolFilters } from "~/lib/tool-filters";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema.server";
import { textArray } from "../db/sql-arrays.server";
import {
  filtersLeaveFew,
  matchingAmongFiltered,
  plannedRows,
  type SearchPlan,
  searchMatch,
} from "../search/search-engine.server";
import {
  factFacetsOf,
  matchesText,
  type Narrowing,
  narrowingOnColumns,
  isFiltered,
  narrowingOnFacets,
  normalizeQuery,
  piecesHold,
  resolveTags,
  searchPlanFor,
  TOOL_COUNT_CAP,
} from "./tools.server";

/**
 * The number beside each fact filter (decision 167): how many tools the list would show with that
 * choice added to the ones already made, so the numbers follow every other filter. Counted only up
 * to the lists' cap, like their totals, and never by reading the whole table:
 *
 * - The list's own matches are read once, up to the cap, through the facets' GIN index (or the
 *   search's indexes for a text), and each fact counted among them. When they are all there (the
 *   usual narrowed list), every number is exact. Without a text, a list the planner expects to be
 *   more than twice the cap skips this read.
 * - Past the cap without a text, or when nothing narrows the list (the whole catalogue), a fact the
 *   planner expects many times the cap to hold reads "1,000+" without being counted (its posting
 *   list alone could be 80,000 entries); each other fact is one LIMITed read of the GIN index, all
 *   in one statement.
 * - Past the cap with a text, the numbers are of the first matches read: lower bounds ("12+").
 *   When the planner expects more than twice the cap to match the text, nothing is counted (null).
 */

const FACETS = [...HAS_FILTERS.map(hasFacet), ...PLATFORMS.map(platformFacet)];

/** Planned matches past which a fact is not counted (the lists' own threshold). */
const MANY_MATCHES = 5 * TOOL_COUNT_CAP;

/**
 * Planned text matches past which the facts are not counted at all (decision 197), as a list without a text
 * skips its read past twice the cap. Reading a word's first 1,001 matches through its indexes and the
 * trigrams of the text cost 53 ms at 100,000 tools ("writer", planned 4,930 on PGlite) for lower bounds only.
 */
const COUNTED_TEXT_MATCHES = 2 * TOOL_COUNT_CAP;

function countsFrom(values: number[], partial: boolean): FactCounts {
  const count = (index: number) => Number(values[index] ?? 0);
  return {
    has: Object.fromEntries(HAS_FILTERS.map((value, index) => [value, count(index)])) as FactCounts["has"],
    platforms: Object.fromEntries(
      PLATFORMS.map((value, index) => [value, count(HAS_FILTERS.length + index)]),
    ) as FactCounts["platforms"],
    cap: TOOL_COUNT_CAP,
    partial,
  };
}

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

export async function countFactFilters({
  db,
  filters,
  plan: planned,
}: {
  db: Database;
  filters: Omit<ToolFilters, "page" | "sort">;
  /** The text's plan when the list beside it shares it (searchPlanFor); planned here otherwise. */
  plan?: Promise<SearchPlan | null>;
}): Promise<FactCounts | null> {
  const resolved = await resolveTags(db, filters.tags);
  // A tag that does not exist matches nothing, with any fact.
  if (!resolved.complete) return countsFrom([], false);
  const narrowed: Narrowing = {
    category: filters.category,
    pricing: filters.pricing,
    tagIds: resolved.ids,
    factFacets: factFacetsOf(filters),
    discontinued: filters.discontinued,
  };
  const text = normalizeQuery(filters.query);
  const plan = await (planned ?? searchPlanFor(db, text));
  return db.transaction(async (tx) => {
    // As the lists: on a small table the planner would rather read it whole.
    await tx.execute(sql`set local enable_seqscan = off`);
    // Eleven small index reads add up to a cost past PostgreSQL's JIT threshold, and compiling
    // them took 100 ms where running them takes a few (measured at 100,000 tools).
    await tx.execute(sql`set local jit = off`);
    const textMatch = !text ? undefined : plan ? searchMatch(plan) : matchesText(text);
    // One or two characters are gathered through each tool's pieces (decision 207), tested as a substring
    // only among few filtered tools (a row's pieces cost a hundred substring tests to compute).
    const gatheredBy = (text && piecesHold(text)) || textMatch;
    const where = text ? and(gatheredBy, narrowingOnColumns(narrowed)) : narrowingOnFacets(narrowed);
    const filtered = isFiltered(narrowed);
    // A text within filters that leave few tools: each of those is tested once, as the list reads them
    // (rankSearch, decision 197), rather than the text's indexes intersected with the filters' (39 ms on
    // PGlite at 100,000 tools for "summarize" in a category, two prices and a tag). Their matches can only
    // be fewer, so the text's own estimate is not asked (decision 199).
    const onFacets = narrowingOnFacets(narrowed);
    const fewFiltered = Boolean(text) && filtered && onFacets !== undefined && (await filtersLeaveFew(tx, onFacets));
    if (text && !fewFiltered && (await plannedRows(tx, where)) > COUNTED_TEXT_MATCHES) return null;
    // Nothing narrows the list: it is the whole catalogue, with no index to read its first rows by.
    const unnarrowed = !text && !filtered;
    // Reading the list's first rows only pays when they may be all of it: when the planner expects
    // several times the cap (a large category: 20 ms at 100,000 tools), each fact is counted below.
    const plainlyMany = !text && !unnarrowed && (await plannedRows(tx, where)) > 2 * TOOL_COUNT_CAP;
    if (!unnarrowed && !plainlyMany) {
      const perFacet = FACETS.map((facet) => sql`count(*) filter (where facets @> ${textArray([facet])})::int`);
      const found =
        fewFiltered && onFacets && textMatch
          ? matchingAmongFiltered({
              filteredBy: onFacets,
              // Each filtered tool read and tested in turn, as the list tests them (rankSearch).
              match: plan ? searchMatch(plan, { rowByRow: true }) : textMatch,
              column: sql`${tools.facets} as facets`,
              limit: TOOL_COUNT_CAP + 1,
            })
          : sql`(select ${tools.facets} as facets from ${tools} where ${where} limit ${TOOL_COUNT_CAP + 1})`;
      const [row] = rowsOf<{ matched: number; counts: number[] }>(
        await tx.execute(sql`select count(*)::int as matched, array[${sql.join(perFacet, sql`, `)}] as counts
          from ${found} as found`),
      );
      const matched = Number(row?.matched ?? 0);
      if (matched <= TOOL_COUNT_CAP || text)
        return countsFrom((row?.counts ?? []).map(Number), matched > TOOL_COUNT_CAP);
    }
    // More matches than the cap: count each fact on its own, unless the planner says it is plenty.
    const withFacet = (facet: string) =>
      narrowingOnFacets({ ...narrowed, factFacets: [...narrowed.factFacets!, facet] });
    const planned = await Promise.all(FACETS.map((facet) => plannedRows(tx, withFacet(facet))));
    const counted = FACETS.flatMap((facet, index) => (planned[index]! > MANY_MATCHES ? [] : [facet]));
    const exact = new Map<string, number>();
    if (counted.length > 0) {
      const counts = counted.map(
        (facet) => sql`(select count(*) from (select 1 from ${tools}
          where ${withFacet(facet)} limit ${TOOL_COUNT_CAP + 1}) as found)::int`,
      );
      const [countRow] = rowsOf<{ counts: number[] }>(
        await tx.execute(sql`select array[${sql.join(counts, sql`, `)}] as counts`),
      );
      counted.forEach((facet, index) => exact.set(facet, Number(countRow?.counts[index] ?? 0)));
    }
    return countsFrom(
      FACETS.map((facet) => exact.get(facet) ?? TOOL_COUNT_CAP + 1),
      false,
    );
  });
}
