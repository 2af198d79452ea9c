import { and, sql } from "drizzle-orm";
import { type FactCounts, HAS_FILTERS, hasFacet, PLATFORMS, platformFacet } from "~/lib/fact-filters";
import type { ToolFilters } from "~/lib/tool-filters";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema.server";
import { planSearch, plannedRows, searchMatch } from "../search/search-engine.server";
import {
  factFacetsOf,
  matchesText,
  type Narrowing,
  narrowingOnColumns,
  narrowingOnFacets,
  normalizeQuery,
  resolveTags,
  SHORTEST_SEARCH,
  textArray,
  TOOL_COUNT_CAP,
} from "./tools.server";

/**
 * The number beside each fact filter (decision 167): how many tools the list would show with that
 * choice added to the ones already made, so the numbers follow every other filter. Counted only up
 * to the lists' cap, like their totals.
 *
 * Without a text each number is its own LIMITed read of the facets' GIN index (the same test the
 * list makes, one entry more), all in one statement; at 100,000 tools that is eleven index scans
 * that each stop at the cap. With a text the matches are read once, up to the cap, and counted per
 * fact; when the search planner expects many times the cap, nothing is counted (null): gathering
 * them would cost what the list itself avoids.
 */

const FACETS = [...HAS_FILTERS.map(hasFacet), ...PLATFORMS.map(platformFacet)];

/** Planned text matches past which the facts are not counted (the lists' own threshold). */
const MANY_MATCHES = 5 * TOOL_COUNT_CAP;

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
}: {
  db: Database;
  filters: Omit<ToolFilters, "page" | "sort">;
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
  const plan = text.length >= SHORTEST_SEARCH ? await planSearch({ db, text }) : null;
  return db.transaction(async (tx) => {
    // As the lists: on a small table the planner would rather read it whole.
    await tx.execute(sql`set local enable_seqscan = off`);
    if (!text) {
      const counts = FACETS.map(
        (facet) => sql`(select count(*) from (select 1 from ${tools}
          where ${narrowingOnFacets({ ...narrowed, factFacets: [...narrowed.factFacets!, facet] })}
          limit ${TOOL_COUNT_CAP + 1}) as found)::int`,
      );
      const [row] = rowsOf<{ counts: number[] }>(
        await tx.execute(sql`select array[${sql.join(counts, sql`, `)}] as counts`),
      );
      return countsFrom(
        (row?.counts ?? []).map((count) => Math.min(Number(count), TOOL_COUNT_CAP + 1)),
        false,
      );
    }
    const where = and(plan ? searchMatch(plan) : matchesText(text), narrowingOnColumns(narrowed));
    if ((await plannedRows(tx, where)) > MANY_MATCHES) return null;
    const perFacet = FACETS.map((facet) => sql`count(*) filter (where facets @> ${textArray([facet])})::int`);
    const [row] = rowsOf<{ matched: number; counts: number[] }>(
      await tx.execute(sql`select count(*)::int as matched, array[${sql.join(perFacet, sql`, `)}] as counts
        from (select ${tools.facets} as facets from ${tools} where ${where} limit ${TOOL_COUNT_CAP + 1}) as found`),
    );
    return countsFrom(row?.counts ?? [], Number(row?.matched ?? 0) > TOOL_COUNT_CAP);
  });
}
