import { and, asc, eq, getTableColumns, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { hasFacet, type HasFilter, type Platform, platformFacet } from "~/lib/fact-filters";
import { MAX_QUERY_LENGTH, TOOLS_PAGE_SIZE } from "~/lib/limits";
import type { PricingModel } from "~/lib/pricing-model";
import { isUuid, slugify } from "~/lib/slugify";
import type { ToolFilters, ToolSort } from "~/lib/tool-filters";
import type { Database } from "../db/client.server";
import { cataloguePieces, tags, toolCategoryCounts, tools } from "../db/schema.server";
import { textArray } from "../db/sql-arrays.server";
import { containsPattern, escapeLike } from "../db/like-patterns.server";
import {
  bestRankedAnswering,
  planSearch,
  plannedRows,
  rankSearch,
  searchMatch,
  type SearchPlan,
  type SearchUnderstanding,
  suggestFor,
} from "../search/search-engine.server";

// The card's columns live apart so the alternatives, which search reads, need not import this module.
export { toolCardColumns, type ToolCard } from "./tool-card-columns.server";
import { toolCardColumns, toolCardFromRow, toolCardSql, type ToolCard } from "./tool-card-columns.server";

/** A tool as pages read it: every column but the search index's own (a tsvector the size of the description). */
export type Tool = Omit<typeof tools.$inferSelect, "searchVector">;
const { searchVector: _searchIndexOnly, ...toolColumns } = getTableColumns(tools);
export type ToolPage = {
  tools: ToolCard[];
  total: number;
  /** True when the total was counted only up to TOOL_COUNT_CAP: "1,000+ tools". */
  totalCapped?: boolean;
  page: number;
  pageCount: number;
  /** What the search understood of its text (filters, a page it names, suggestions when nothing matched). */
  understanding?: SearchUnderstanding;
};

const prefixPattern = (text: string) => `${escapeLike(text.toLowerCase())}%`;

/**
 * The spec's rule (section 5, decision 091): a case-insensitive substring of the name or of the
 * description's text, whatever its length; both columns have a trigram index for texts of three
 * characters or more.
 */
export function matchesText(text: string): SQL | undefined {
  const pattern = containsPattern(text);
  const held = or(sql`${tools.name} ilike ${pattern}`, sql`${tools.descriptionText} ilike ${pattern}`);
  if (text.length >= SHORTEST_SEARCH) return held;
  // No index can find one or two characters, and proving no tool holds them read every description
  // (seconds at 100,000 tools): the catalogue's pieces prove it from one key (decision 194). The test
  // is a constant to the planner, so the table is not read at all when it fails. ILIKE compares lower
  // case as lower() writes it, which can lengthen a character: past two, the pieces do not apply.
  return and(catalogueMayHold(text), held);
}

/**
 * The tools holding a text of one or two characters, through the index of each tool's pieces (decision 207): exact
 * (the pieces are cut as lower() writes the text, as ILIKE compares it), so no description is read. For gathering
 * matches through tools_text_pieces_idx only: a row tested with it computes its pieces, which costs a hundred times
 * the substring test (matchesText). Undefined for longer texts, and for one whose lower case is longer.
 */
export function piecesHold(text: string): SQL | undefined {
  if (text.length >= SHORTEST_SEARCH || [...text.toLowerCase()].length > 2) return undefined;
  return sql`tool_text_pieces(${tools.name}, ${tools.descriptionText}) @> array[lower(${text})]`;
}

/** False (a constant to the planner) when no tool holds a text of one or two characters (decision 194). */
function catalogueMayHold(text: string): SQL {
  const lowered = sql`lower(${text})`;
  return sql`(char_length(${lowered}) > 2 or exists (select 1 from ${cataloguePieces} where ${cataloguePieces.piece} = ${lowered}))`;
}

export function normalizeQuery(query: string | null | undefined): string {
  return (query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}

/** Filtered lists count their matches only this far: a person does not page past it. */
export const TOOL_COUNT_CAP = 1000;

/**
 * Without a text query the total comes from the trigger-maintained per-category counts, less the
 * few discontinued tools (counted through their partial index), which lists leave out.
 */
async function countToolsInCategory(db: Database, category: string | null): Promise<number> {
  const discontinued = db
    .select({ count: sql<number>`count(*)` })
    .from(tools)
    .where(and(isNotNull(tools.discontinuedAt), category ? eq(tools.category, category) : undefined));
  const [row] = await db
    .select({
      total: sql<number>`(coalesce(sum(${toolCategoryCounts.toolCount}), 0) - (${discontinued}))::int`,
    })
    .from(toolCategoryCounts)
    .where(category ? eq(toolCategoryCounts.category, category) : undefined);
  return row?.total ?? 0;
}

/**
 * The matches read once, only up to the cap (plus one, to know it was passed), with what a card
 * and every order need, then counted and sorted in the same statement. With no order inside and
 * no sequential scan, the planner reaches them through the filters' own indexes. Past the cap the
 * page is not theirs to give (the first matches found are not the first in order): `capped`.
 */
async function pageOfMatchesUpToCap(
  db: Database,
  { where, orderBy, pageSize, offset }: { where: SQL | undefined; orderBy: SQL[]; pageSize: number; offset: number },
): Promise<{ page: ToolCard[]; total: number; capped: boolean }> {
  // Named like the table, so the card columns and every ORDER_BY read the subquery's columns.
  const matches = db
    .select({
      ...toolCardColumns,
      rankingScore: tools.rankingScore,
      trendingScore: tools.trendingScore,
      createdAt: tools.createdAt,
    })
    .from(tools)
    .where(where)
    .limit(TOOL_COUNT_CAP + 1)
    .as("tools");
  const rows = await db
    .select({ ...toolCardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(matches)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(offset);
  // A page past the end has no row to carry the count.
  const total = rows[0]?.total ?? (offset > 0 ? await db.$count(matches) : 0);
  return { page: rows.map(({ total: _total, ...card }) => card), total, capped: total > TOOL_COUNT_CAP };
}

/** A page of cards in an order: walked along the order's index when the planner may not gather every match. */
function readInOrder(
  db: Database,
  { where, orderBy, pageSize, offset }: { where: SQL | undefined; orderBy: SQL[]; pageSize: number; offset: number },
) {
  return db
    .select(toolCardColumns)
    .from(tools)
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(offset);
}

/**
 * The same, for more matches than the cap, in a transaction: a bitmap would gather every match before
 * the first row, so the order's own index is walked instead (from here to the transaction's end).
 */
async function readWalkingIndex(db: Database, page: Parameters<typeof readInOrder>[1]) {
  await db.execute(sql`set local enable_bitmapscan = off`);
  // Texts under three characters leave sequential scans on for counting (pageOfTextMatches): not here.
  await db.execute(sql`set local enable_seqscan = off`);
  return readInOrder(db, page);
}

function pageCountOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Spelled like tools_created_at_idx (DESC NULLS LAST) so the index serves the order. */
const newestFirst = [sql`${tools.createdAt} desc nulls last`, asc(tools.id)];

/**
 * The orders a list can take: the visitor's sorts, plus "rating", the plain average that the
 * spec orders category pages by when the visitor chose nothing.
 */
export type ToolOrder = ToolSort | "rating";

/** Each order's ORDER BY, spelled like the index that serves it. */
export const ORDER_BY: Record<Exclude<ToolOrder, "relevance">, SQL[]> = {
  rating: [
    sql`${tools.rating} desc nulls last`,
    sql`${tools.voteCount} desc nulls last`,
    asc(tools.name),
    asc(tools.id),
  ],
  // DESC alone means NULLS FIRST, which an index built DESC NULLS LAST cannot serve.
  "top-rated": [sql`${tools.rankingScore} desc nulls last`, sql`${tools.voteCount} desc nulls last`, asc(tools.id)],
  "most-voted": [sql`${tools.voteCount} desc nulls last`, sql`${tools.rankingScore} desc nulls last`, asc(tools.id)],
  // The stored score of the last 7 days (decision 179), then top rated among equals (most tools score 0).
  trending: [sql`${tools.trendingScore} desc nulls last`, sql`${tools.rankingScore} desc nulls last`, asc(tools.id)],
  newest: newestFirst,
  name: [sql`lower(${tools.name})`, asc(tools.id)],
};

/**
 * How well the name alone answers a text, 0 best: the name itself, a name that begins with it, a
 * name with a word that begins with it, a name that holds it, then every other match (its words are
 * in the category, tagline or description). Computed on the name only, so it costs no detoasting.
 */
function nameTier(text: string): SQL<number> {
  return sql<number>`case when lower(${tools.name}) = ${text.toLowerCase()} then 0
    when lower(${tools.name}) like ${prefixPattern(text)} then 1
    when ${tools.name} ilike ${`% ${escapeLike(text)}%`} then 2
    when ${tools.name} ilike ${containsPattern(text)} then 3 else 4 end`;
}

/** Within a tier, the best rated first: the order of "top rated", served by its index when matches are many. */
const ORDER_BY_TOP_RATED = ORDER_BY["top-rated"];

/** Relevance for a text (decision 091): the name's tier, then top rated. */
export function relevanceOrder(text: string): SQL[] {
  return [asc(nameTier(text)), ...ORDER_BY_TOP_RATED];
}

type ResolvedTags = { ids: string[]; complete: boolean };

/** The ids of the tags named by slug; `complete` is false when one of them does not exist. */
export async function resolveTags(db: Database, slugs: string[]): Promise<ResolvedTags> {
  if (slugs.length === 0) return { ids: [], complete: true };
  const rows = await db.select({ id: tags.id }).from(tags).where(inArray(tags.slug, slugs));
  return { ids: rows.map((row) => row.id), complete: rows.length === slugs.length };
}

/** A list's filters other than its text, with the tags resolved to their ids. */
export type Narrowing = {
  category: string | null;
  pricing: PricingModel[];
  tagIds: string[];
  /** Facts a tool must have, as tools.facets names them ("has:api", "platform:ios"); all of them. */
  factFacets?: string[];
  /** True: only discontinued tools (`?status=discontinued`); otherwise only the listed ones. */
  discontinued?: boolean;
};

/** Whether anything narrows a list beyond the listing status (which most tools pass). */
export function isFiltered({ category, pricing, tagIds, factFacets = [], discontinued }: Narrowing): boolean {
  return Boolean(category) || pricing.length > 0 || tagIds.length > 0 || factFacets.length > 0 || Boolean(discontinued);
}

/** The fact filters as the entries of tools.facets a tool must hold (decision 167). */
export function factFacetsOf({ has = [], platforms = [] }: { has?: HasFilter[]; platforms?: Platform[] }): string[] {
  return [...has.map(hasFacet), ...platforms.map(platformFacet)];
}

/**
 * Lists leave discontinued tools out, and the graveyard shows only them: a rare state, so the
 * listed side is a cheap test on rows already read and the other a partial index (decision 069).
 */
const listingStatus = (discontinued = false) =>
  discontinued ? isNotNull(tools.discontinuedAt) : isNull(tools.discontinuedAt);

/**
 * The filters as tests on their own columns, for a page read in a sort's order: an index that
 * starts with the category or the pricing model serves them while it walks, each row's tags are
 * checked on the row itself (tools.facets).
 */
export function narrowingOnColumns({
  category,
  pricing,
  tagIds,
  factFacets = [],
  discontinued,
}: Narrowing): SQL | undefined {
  const required = [...tagIds, ...factFacets];
  return and(
    listingStatus(discontinued),
    category ? eq(tools.category, category) : undefined,
    pricing.length > 0 ? inArray(tools.pricingModel, pricing) : undefined,
    required.length > 0 ? sql`${tools.facets} @> ${textArray(required)}` : undefined,
  );
}

/**
 * The same filters as tests on tools.facets alone, for finding the matches: one scan of its GIN
 * index intersects the category's, the pricing models' and every tag's entries, so filters used
 * together cost about what their few matches cost, not what the widest filter's many do.
 */
export function narrowingOnFacets({
  category,
  pricing,
  tagIds,
  factFacets = [],
  discontinued,
}: Narrowing): SQL | undefined {
  const required = [
    ...(category ? [`category:${category}`] : []),
    ...(pricing.length === 1 ? [`pricing:${pricing[0]}`] : []),
    ...tagIds,
    ...factFacets,
  ];
  return and(
    listingStatus(discontinued),
    required.length > 0 ? sql`${tools.facets} @> ${textArray(required)}` : undefined,
    pricing.length > 1 ? sql`${tools.facets} && ${textArray(pricing.map((model) => `pricing:${model}`))}` : undefined,
  );
}

/**
 * Any tool list: home, a category, a tag. Filters combine (text AND category AND any of the
 * pricing models AND all tags), in the given order (`effectiveSort` picks it from the filters and
 * the page's default). Relevance needs a text; without one the list is newest first.
 */
export async function listTools({
  db,
  filters,
  order,
  pageSize = TOOLS_PAGE_SIZE,
  plan,
}: {
  db: Database;
  filters: Omit<ToolFilters, "page" | "sort"> & { page?: number };
  order: ToolOrder;
  pageSize?: number;
  /** The text's plan when the caller shares it (searchPlanFor); planned here otherwise. */
  plan?: Promise<SearchPlan | null>;
}): Promise<ToolPage> {
  const page = filters.page ?? 1;
  const text = normalizeQuery(filters.query);
  const orderBy = order !== "relevance" ? ORDER_BY[order] : text ? relevanceOrder(text) : ORDER_BY.newest;
  // Read before the tags are resolved rather than after: on PostgreSQL the two go side by side.
  const planned = text ? (plan ?? searchPlanFor(db, text)) : undefined;
  const resolved = await resolveTags(db, filters.tags);
  // A tag that does not exist matches nothing.
  if (!resolved.complete) return { tools: [], total: 0, page, pageCount: 1 };

  const narrowed: Narrowing = {
    category: filters.category,
    pricing: filters.pricing,
    tagIds: resolved.ids,
    factFacets: factFacetsOf(filters),
    discontinued: filters.discontinued,
  };
  const narrowing = narrowingOnColumns(narrowed);
  const offset = (page - 1) * pageSize;
  if (planned)
    return pageOfTextMatches({
      db,
      text,
      plan: planned,
      narrowing,
      filteredBy: isFiltered(narrowed) ? narrowingOnFacets(narrowed) : undefined,
      order,
      orderBy,
      page,
      pageSize,
    });

  const onlyCategory =
    filters.pricing.length === 0 &&
    resolved.ids.length === 0 &&
    narrowed.factFacets!.length === 0 &&
    !filters.discontinued;
  const readPage = (reader: Database, where: SQL | undefined) =>
    readInOrder(reader, { where, orderBy, pageSize, offset });
  const [rows, counted] = onlyCategory
    ? await Promise.all([
        readPage(db, narrowing),
        countToolsInCategory(db, filters.category).then((total) => ({ total, capped: false })),
      ])
    : await db.transaction(async (tx) => {
        // The planner walks a sort's index and tests each row when it expects many matches, which
        // reads the whole catalogue when they are in fact few (two tags rarely found together);
        // and on a small table it prefers a sequential scan. So: no sequential scan, the matches
        // found first through the filters' indexes, and when they are few, the page sorted from
        // exactly those; when they are many, the sort's index meets a page's worth early.
        await tx.execute(sql`set local enable_seqscan = off`);
        // Pricing alone matches a large share of the catalogue: its B-tree stops after the cap,
        // where the facets' index would first gather every match.
        const pricingOnly =
          !narrowed.category &&
          narrowed.tagIds.length === 0 &&
          narrowed.factFacets!.length === 0 &&
          !narrowed.discontinued;
        const matches = await pageOfMatchesUpToCap(tx, {
          where: pricingOnly ? narrowing : narrowingOnFacets(narrowed),
          orderBy,
          pageSize,
          offset,
        });
        const page = matches.capped ? await readPage(tx, narrowing) : matches.page;
        return [page, { total: Math.min(matches.total, TOOL_COUNT_CAP), capped: matches.capped }] as const;
      });
  return {
    tools: rows,
    total: counted.total,
    totalCapped: counted.capped,
    page,
    pageCount: pageCountOf(counted.total, pageSize),
  };
}

/** Texts shorter than this are matched by the spec's substring rule alone: no word is typed yet (decision 155). */
export const SHORTEST_SEARCH = 3;

/**
 * A list's text read and resolved once for the list and the fact counts beside it (decision 197): each
 * planned it again, a second round of vocabulary and name lookups per search page. Null below three characters.
 */
export function searchPlanFor(db: Database, query: string | null | undefined): Promise<SearchPlan | null> {
  const text = normalizeQuery(query);
  const plan = text.length >= SHORTEST_SEARCH ? planSearch({ db, text }) : Promise.resolve(null);
  // A list that ends early (a tag that does not exist) never awaits it: its failure must not go unhandled.
  plan.catch(() => undefined);
  return plan;
}

/**
 * A text's matches. From three characters the search engine finds and, for relevance, ranks them
 * (app/server/search/, decision 155); shorter texts keep the spec's substring rule with relevance by
 * tiers of the name (decision 091). Either way the matches are read only up to the cap, through
 * indexes, then counted and sorted in one statement; past the cap the count says "1,000+" and the page
 * is read in its order instead: walking the order's own index and testing each row meets a page's
 * worth early when matches are that many.
 */
async function pageOfTextMatches({
  db,
  text,
  plan: planned,
  narrowing,
  filteredBy,
  order,
  orderBy,
  page,
  pageSize,
}: {
  db: Database;
  text: string;
  plan: Promise<SearchPlan | null>;
  narrowing: SQL | undefined;
  /** When the list is filtered, the same filters as tests on tools.facets, for finding matches through its index (narrowingOnFacets). */
  filteredBy: SQL | undefined;
  order: ToolOrder;
  orderBy: SQL[];
  page: number;
  pageSize: number;
}): Promise<ToolPage> {
  const offset = (page - 1) * pageSize;
  const plan = await planned;
  if (plan && order === "relevance") {
    const ranked = await rankSearch({ db, plan, narrowing, filteredBy, offset, limit: pageSize, columns: toolCardSql });
    const understanding = ranked.total === 0 && page === 1 ? await suggestFor({ db, plan }) : plan.understanding;
    return {
      tools: ranked.rows.map(toolCardFromRow),
      total: ranked.total,
      totalCapped: ranked.capped,
      page,
      pageCount: pageCountOf(ranked.total, pageSize),
      understanding,
    };
  }
  const where = and(plan ? searchMatch(plan) : matchesText(text), narrowing);
  const pieces = piecesHold(text);
  const {
    page: cards,
    total,
    capped,
  } = await db.transaction(async (tx) => {
    // The planner prices the text tests far too cheaply and would read the whole table (decision 002). One or
    // two characters are found through each tool's pieces (decision 207).
    if (plan || pieces) await tx.execute(sql`set local enable_seqscan = off`);
    if (pieces) {
      const filtered = filteredBy !== undefined;
      return pageOfPieceHolders(tx, { text, pieces, narrowing, filtered, where, order, orderBy, pageSize, offset });
    }
    // A word most tools carry costs 10-50 ms to gather through its index before the first row is
    // read: when the planner's statistics say the matches are many times the cap, skip straight to
    // reading the page in order. (Without a plan or pieces, a text whose lower case is longer: no index
    // answers it, and the table is read in order until the matches or the cap are found.)
    const many = (await plannedRows(tx, where)) > MANY_MATCHES;
    const found = many ? null : await pageOfMatchesUpToCap(tx, { where, orderBy, pageSize, offset });
    if (found && !found.capped) return found;
    if (order !== "relevance")
      return { page: await readWalkingIndex(tx, { where, orderBy, pageSize, offset }), ...CAPPED };
    // Relevance with a plan is the engine's (above): here a text with neither. A whole-table read would test every
    // row: walk the indexes in order instead.
    await tx.execute(sql`set local enable_seqscan = off`);
    return { page: await relevancePageOfMany(tx, { text, narrowing, where, pageSize, offset }), ...CAPPED };
  });
  const understanding = plan && total === 0 && page === 1 ? await suggestFor({ db, plan }) : plan?.understanding;
  return {
    tools: cards,
    total,
    totalCapped: capped,
    page,
    pageCount: pageCountOf(total, pageSize),
    ...(understanding ? { understanding } : {}),
  };
}

/** A page's count past the cap: "1,000+". */
const CAPPED = { total: TOOL_COUNT_CAP, capped: true } as const;

/** Planned matches past which a search does not count them (the statistics' error is far smaller). */
const MANY_MATCHES = 5 * TOOL_COUNT_CAP;

/**
 * Planned holders of one or two characters up to which they are counted (decision 207), each read costing a heap
 * page (4-15 µs on PostgreSQL at 100,000 tools). The planner knows a piece's share of the catalogue within a few per
 * cent (its most common elements, sampled), so a quarter past the cap the list says "1,000+" uncounted; within
 * filters, whose shares it multiplies as if unrelated, only past twice the cap.
 */
const countedHolders = (filtered: boolean) => (filtered ? 2 : 1.25) * TOOL_COUNT_CAP;

/**
 * Planned holders past which a page of relevance walks the ranking index testing each row (a page of them within
 * a few hundred rows) rather than intersecting their posting list with the best ranked (0.2 µs a holder).
 */
const WALKED_HOLDERS = 12_000;

/**
 * A text of one or two characters, through each tool's pieces (decision 207), in one of three ways by the planned
 * number of holders: few are gathered, counted and sorted; more are "1,000+", their page read either from the
 * best ranked of them (the pieces' index intersected with a range of the ranking, bestRankedAnswering) or, when
 * they are a large share of the catalogue, by walking the order's index until a page of them is met.
 */
async function pageOfPieceHolders(
  tx: Database,
  {
    text,
    pieces,
    narrowing,
    filtered,
    where,
    order,
    orderBy,
    pageSize,
    offset,
  }: {
    text: string;
    pieces: SQL;
    narrowing: SQL | undefined;
    /** Narrowed beyond the listing status (a category, prices, tags, facts). */
    filtered: boolean;
    /** The substring test itself (matchesText), for rows read one by one. */
    where: SQL | undefined;
    order: ToolOrder;
    orderBy: SQL[];
    pageSize: number;
    offset: number;
  },
): Promise<{ page: ToolCard[]; total: number; capped: boolean }> {
  const held = and(pieces, narrowing)!;
  const holders = await plannedRows(tx, held);
  if (holders <= countedHolders(filtered)) {
    const gathered = await pageOfMatchesUpToCap(tx, { where: held, orderBy, pageSize, offset });
    if (!gathered.capped) return gathered;
  }
  const bestMatches =
    order === "relevance" && holders <= WALKED_HOLDERS
      ? await bestRankedAnswering(tx, {
          answering: held,
          plannedAnswering: holders,
          wanted: offset + pageSize,
          gatherBelow: countedHolders(filtered),
        })
      : undefined;
  const page =
    order === "relevance"
      ? await relevancePageOfMany(tx, { text, narrowing, where, bestMatches, pageSize, offset })
      : await readWalkingIndex(tx, { where, orderBy, pageSize, offset });
  return { page, ...CAPPED };
}

/** With more matches than the cap, how many of the best ranked a page of relevance is picked from, beyond what it skips. */
const BEST_RANKED = 100;

/** The beginnings of names indexed in ranking order (tools_name_beginning_1_idx and _2_idx, decision 202). */
const NAME_BEGINNING_LETTERS = 2;

/** How far down the ranking the names holding a text of one or two characters are looked for (decision 197). */
const NAMES_LOOKED_THROUGH = 2000;

/**
 * A page of relevance order (relevanceOrder) over more matches than the cap, from a bounded set of
 * candidates: the name itself, the best ranked names that begin with the text (through the index on names'
 * first letters), the names that hold it among the best ranked tools (their names alone tested), and the best
 * ranked matches (walking the ranking index, which meets them early when they are this many). Reading every
 * name that holds a text of one or two characters cost 650 ms at 100,000 tools. The matches walk stops at the
 * page's last row: any match the page shows below the names' tiers ranks among the first that many (decision
 * 197), where testing each row's description for the hundred more that names used to be picked from cost most
 * of the search.
 */
async function relevancePageOfMany(
  db: Database,
  {
    text,
    narrowing,
    where,
    bestMatches,
    pageSize,
    offset,
  }: {
    text: string;
    narrowing: SQL | undefined;
    where: SQL | undefined;
    /** The ids of the best ranked matches when known (pageOfPieceHolders); otherwise the ranking index is walked. */
    bestMatches?: SQL;
    pageSize: number;
    offset: number;
  },
): Promise<ToolCard[]> {
  const wanted = offset + pageSize + BEST_RANKED;
  const lowered = text.toLowerCase();
  const beginsName = sql`lower(${tools.name}) like ${prefixPattern(text)}`;
  const byRanking = sql.join(ORDER_BY_TOP_RATED, sql`, `);
  // Each name lowered once and compared with LIKE twice, as ILIKE compares (decision 194): ILIKE lowered the name
  // for each comparison, a third of this statement's time on PGlite for a text most names hold.
  const bestRanked = sql`(select ${tools.id} as id, lower(${tools.name}) as lowered, ${tools.rankingScore} as ranking_score,
      ${tools.voteCount} as vote_count from ${tools}
    where ${and(catalogueMayHold(text), narrowing)} order by ${byRanking} limit ${NAMES_LOOKED_THROUGH})`;
  // A word of the name beginning with the text ranks above the text inside a word (nameTier's 2 and 3).
  const namesHolding = sql`(select best.id from ${bestRanked} as best where best.lowered like lower(${containsPattern(text)})
    order by best.lowered like lower(${`% ${escapeLike(text)}%`}) desc, best.ranking_score desc nulls last,
      best.vote_count desc nulls last, best.id limit ${wanted})`;
  // The names that begin with the text, best ranked first: a range of the index on their first one or two
  // letters, in ranking order (decision 202). Walking the ranking index met a rare beginning ("q") only 6,048
  // entries down, and telling a rare one from a common one cost an estimate of its own. A text whose lower case
  // is longer (some letters lengthen) has no such index: the ranking index is walked for it.
  const letters = [...lowered].length;
  const begins =
    letters <= NAME_BEGINNING_LETTERS
      ? sql`left(lower(${tools.name}), ${sql.raw(String(letters))}) = ${lowered}`
      : beginsName;
  const bestBeginning = sql`(select ${tools.id} from ${tools} where ${and(begins, narrowing)}
    order by ${byRanking} limit ${wanted})`;
  const exactName = sql`lower(${tools.name}) = ${lowered}`;
  const candidates = sql`((select ${tools.id} from ${tools} where ${and(exactName, narrowing)} limit ${wanted})
    union ${bestBeginning}
    union ${namesHolding}
    union ${bestMatches ?? sql`(select ${tools.id} from ${tools} where ${where} order by ${byRanking} limit ${offset + pageSize})`})`;
  return db
    .select(toolCardColumns)
    .from(tools)
    .where(sql`${tools.id} in ${candidates}`)
    .orderBy(...relevanceOrder(text))
    .limit(pageSize)
    .offset(offset);
}

export type ToolLookup = { tool: Tool; canonical: boolean };

/**
 * Spec section 7: a UUID finds by id; anything else by slug, then by name with hyphens read
 * as spaces. `canonical` is true only when the identifier already is the slug.
 */
export async function findToolByIdentifier({
  db,
  identifier,
}: {
  db: Database;
  identifier: string;
}): Promise<ToolLookup | null> {
  const byColumn = async (where: SQL) => (await db.select(toolColumns).from(tools).where(where).limit(1))[0];

  if (isUuid(identifier)) {
    const tool = await byColumn(eq(tools.id, identifier.toLowerCase()));
    return tool ? { tool, canonical: false } : null;
  }
  const bySlug = await byColumn(eq(tools.slug, identifier));
  if (bySlug) return { tool: bySlug, canonical: true };

  const lowerSlug = slugify(identifier);
  if (lowerSlug && lowerSlug !== identifier) {
    const tool = await byColumn(eq(tools.slug, lowerSlug));
    if (tool) return { tool, canonical: false };
  }
  const name = identifier.replace(/-/g, " ").trim().toLowerCase();
  if (!name) return null;
  const byName = await byColumn(sql`lower(${tools.name}) = ${name}`);
  return byName ? { tool: byName, canonical: false } : null;
}

/** Footer: the categories that have tools, alphabetical (the counts table lists exactly those). */
export async function listCategoriesInUse({ db }: { db: Database }): Promise<string[]> {
  const rows = await db
    .select({ category: toolCategoryCounts.category })
    .from(toolCategoryCounts)
    .orderBy(asc(toolCategoryCounts.category));
  return rows.map((row) => row.category);
}

/** The newest tools, of one category or all, with their description: the tools feeds. */
export function listToolsForFeed({ db, category, limit }: { db: Database; category: string | null; limit: number }) {
  return db
    .select({
      id: tools.id,
      slug: tools.slug,
      name: tools.name,
      tagline: tools.tagline,
      category: tools.category,
      description: tools.description,
      image: tools.image,
      createdAt: tools.createdAt,
      updatedAt: tools.updatedAt,
    })
    .from(tools)
    .where(category ? eq(tools.category, category) : undefined)
    .orderBy(...newestFirst)
    .limit(limit);
}
