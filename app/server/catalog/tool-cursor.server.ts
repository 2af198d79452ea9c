import { and, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import type { HasFilter, Platform } from "~/lib/fact-filters";
import type { PricingModel } from "~/lib/pricing-model";
import type { SearchUnderstanding } from "~/lib/search-understanding";
import type { ToolSort } from "~/lib/tool-filters";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema.server";
import { planSearch, rankSearch, searchMatch } from "../search/search-engine.server";
import {
  matchesText,
  isFiltered,
  narrowingOnColumns,
  normalizeQuery,
  factFacetsOf,
  ORDER_BY,
  relevanceOrder,
  resolveTags,
  SHORTEST_SEARCH,
  toolCardColumns,
  type ToolCard,
} from "./tools.server";

/**
 * Tool lists read a page at a time after a position instead of at a page number: the public API's
 * cursor pagination (decision 064). Same filters, same ORDER BY and so the same indexes as
 * listTools; the position is the last row's sort key, so each page starts where the index walk
 * stopped, and a tool added or removed meanwhile never shifts a walk by one. Relevance is computed
 * over every match anyway (listTools sorts them all too), so its position is an offset.
 */

type KeyedOrder = Exclude<ToolSort, "relevance">;

/** One column of an order's key: its expression, direction and the type its text value is read back as. */
type KeyPart = {
  expression: SQL;
  direction: "asc" | "desc";
  type: "double precision" | "integer" | "timestamptz" | "text" | "uuid";
};

/** Each order's whole key, column for column the ORDER BY of ORDER_BY (no column is nullable). */
const KEYS: Record<KeyedOrder, KeyPart[]> = {
  "top-rated": [
    { expression: sql`${tools.rankingScore}`, direction: "desc", type: "double precision" },
    { expression: sql`${tools.voteCount}`, direction: "desc", type: "integer" },
    { expression: sql`${tools.id}`, direction: "asc", type: "uuid" },
  ],
  "most-voted": [
    { expression: sql`${tools.voteCount}`, direction: "desc", type: "integer" },
    { expression: sql`${tools.rankingScore}`, direction: "desc", type: "double precision" },
    { expression: sql`${tools.id}`, direction: "asc", type: "uuid" },
  ],
  trending: [
    { expression: sql`${tools.trendingScore}`, direction: "desc", type: "double precision" },
    { expression: sql`${tools.rankingScore}`, direction: "desc", type: "double precision" },
    { expression: sql`${tools.id}`, direction: "asc", type: "uuid" },
  ],
  newest: [
    { expression: sql`${tools.createdAt}`, direction: "desc", type: "timestamptz" },
    { expression: sql`${tools.id}`, direction: "asc", type: "uuid" },
  ],
  name: [
    { expression: sql`lower(${tools.name})`, direction: "asc", type: "text" },
    { expression: sql`${tools.id}`, direction: "asc", type: "uuid" },
  ],
};

/**
 * Rows after `values` in the key's order. The leading column's bound is said twice, once on its
 * own, so the index scan starts at the position instead of filtering every row before it.
 */
function afterKey(parts: KeyPart[], values: string[]): SQL | undefined {
  const value = (index: number) => sql`cast(${values[index]} as ${sql.raw(parts[index]!.type)})`;
  const beyond = (index: number) =>
    parts[index]!.direction === "desc"
      ? sql`${parts[index]!.expression} < ${value(index)}`
      : sql`${parts[index]!.expression} > ${value(index)}`;
  const first = parts[0]!;
  const lead =
    first.direction === "desc" ? sql`${first.expression} <= ${value(0)}` : sql`${first.expression} >= ${value(0)}`;
  const disjuncts = parts.map((_, index) =>
    and(...parts.slice(0, index).map((part, before) => sql`${part.expression} = ${value(before)}`), beyond(index)),
  );
  return and(lead, or(...disjuncts));
}

/** Where a page starts: after a key (keyed orders) or at an offset (relevance). */
export type ToolPosition = { key: string[] } | { offset: number };

export type ToolRow = Omit<ToolCard, "pros"> & { createdAt: Date; updatedAt: Date };

// A card's columns without its pros (the API lists none), with its dates; the id names the answer's cache tags.
const { pros: _pros, ...cardColumns } = toolCardColumns;
const rowColumns = { ...cardColumns, createdAt: tools.createdAt, updatedAt: tools.updatedAt };

export type ToolCursorFilters = {
  query: string;
  category: string | null;
  pricing: PricingModel[];
  tags: string[];
  has?: HasFilter[];
  platforms?: Platform[];
  updatedSince: Date | null;
};

/**
 * One page of a filtered tool list in `sort` (relevance needs a text; without one it is newest),
 * starting at `position`, and the position of the next page (null on the last).
 */
export async function listToolsAfter({
  db,
  filters,
  sort,
  position,
  limit,
}: {
  db: Database;
  filters: ToolCursorFilters;
  sort: ToolSort;
  position: ToolPosition | null;
  limit: number;
}): Promise<{
  rows: ToolRow[];
  next: ToolPosition | null;
  /** What the engine read in the text (from three characters), for the API's `intent`. */
  understanding: SearchUnderstanding | null;
}> {
  const text = normalizeQuery(filters.query);
  const resolved = await resolveTags(db, filters.tags);
  // A tag that does not exist matches nothing, as on the site.
  if (!resolved.complete) return { rows: [], next: null, understanding: null };
  const narrowed = {
    category: filters.category,
    pricing: filters.pricing,
    tagIds: resolved.ids,
    factFacets: factFacetsOf(filters),
  };
  const narrowing = and(
    narrowingOnColumns(narrowed),
    filters.updatedSince ? gte(tools.updatedAt, filters.updatedSince) : undefined,
  );
  const filtered = isFiltered(narrowed) || Boolean(filters.updatedSince);
  // From three characters the search engine reads the text, as on the site (decision 155).
  const plan = text.length >= SHORTEST_SEARCH ? await planSearch({ db, text }) : null;
  const where = and(text ? (plan ? searchMatch(plan) : matchesText(text)) : undefined, narrowing);
  // As listTools: the planner underprices ILIKE and would scan the table instead of the trigram indexes.
  const trigramUsable = text.length >= 3;

  if (sort === "relevance" && text) {
    const offset = position && "offset" in position ? position.offset : 0;
    const rows = plan
      ? await rowsInOrder(
          db,
          (
            await rankSearch({
              db,
              plan,
              narrowing,
              filteredBy: filtered ? narrowing : undefined,
              offset,
              limit: limit + 1,
            })
          ).rows.map((row) => row.id),
        )
      : await db.transaction(async (tx) => {
          if (trigramUsable) await tx.execute(sql`set local enable_seqscan = off`);
          return tx
            .select(rowColumns)
            .from(tools)
            .where(where)
            .orderBy(...relevanceOrder(text))
            .limit(limit + 1)
            .offset(offset);
        });
    const more = rows.length > limit;
    return {
      rows: rows.slice(0, limit),
      next: more ? { offset: offset + limit } : null,
      understanding: plan?.understanding ?? null,
    };
  }

  const order: KeyedOrder = sort === "relevance" ? "newest" : sort;
  const parts = KEYS[order];
  const after = position && "key" in position ? afterKey(parts, position.key) : undefined;
  const keyColumns = Object.fromEntries(
    parts.map((part, index) => [`key${index}`, sql<string>`${part.expression}::text`]),
  );
  const read = (reader: Database) =>
    reader
      .select({ ...rowColumns, ...keyColumns })
      .from(tools)
      .where(and(where, after))
      .orderBy(...ORDER_BY[order])
      .limit(limit + 1);
  const found = text
    ? await db.transaction(async (tx) => {
        if (trigramUsable) await tx.execute(sql`set local enable_seqscan = off`);
        return read(tx);
      })
    : await read(db);
  const page = found.slice(0, limit);
  const last = page.at(-1) as Record<string, unknown> | undefined;
  const next = found.length > limit && last ? { key: parts.map((_, index) => String(last[`key${index}`])) } : null;
  // The sort keys were read only to make the cursor.
  const rows = page.map((row) => {
    const copy: Record<string, unknown> = { ...row };
    for (const index of parts.keys()) delete copy[`key${index}`];
    return copy as ToolRow;
  });
  return {
    rows,
    next,
    understanding: plan?.understanding ?? null,
  };
}

/** Rows in the order of their ids. */
async function rowsInOrder(db: Database, ids: string[]): Promise<ToolRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select(rowColumns).from(tools).where(inArray(tools.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A tool by its slug exactly (the API names tools only by slug). */
export async function findToolBySlug({ db, slug }: { db: Database; slug: string }) {
  const [tool] = await db.select().from(tools).where(eq(tools.slug, slug)).limit(1);
  return tool ?? null;
}
