import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { ALL_CATEGORY } from "~/lib/categories";
import { MAX_QUERY_LENGTH, TOOLS_PAGE_SIZE } from "~/lib/limits";
import { isUuid, slugify } from "~/lib/slugify";
import type { Database } from "../db/client";
import { toolCategoryCounts, tools } from "../db/schema";
import { containsPattern, escapeLike } from "../db/like-patterns";


/** What a tool card shows: never the description, which can be long. */
const toolCardColumns = {
  id: tools.id,
  slug: tools.slug,
  name: tools.name,
  category: tools.category,
  image: tools.image,
  rating: tools.rating,
  voteCount: tools.voteCount,
  // The card shows at most 2 pros (spec section 9); slicing in SQL keeps rows small.
  pros: sql<string[]>`${tools.pros}[1:2]`.as("pros"),
};

export type ToolCard = {
  id: string;
  slug: string;
  name: string;
  category: string;
  image: string | null;
  rating: number | null;
  voteCount: number;
  pros: string[];
};

export type Tool = typeof tools.$inferSelect;
export type ToolPage = { tools: ToolCard[]; total: number; page: number; pageCount: number };

const prefixPattern = (text: string) => `${escapeLike(text)}%`;

/** Case-insensitive substring match on name or description, served by the trigram indexes. */
function matchesText(query: string): SQL | undefined {
  const pattern = containsPattern(query);
  return or(ilike(tools.name, pattern), ilike(tools.descriptionText, pattern));
}

function normalizeQuery(query: string | null | undefined): string {
  return (query ?? "").trim().slice(0, MAX_QUERY_LENGTH);
}

/** Without a text query the total comes from the trigger-maintained per-category counts. */
async function countToolsInCategory(db: Database, category: string | null): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${toolCategoryCounts.toolCount}), 0)::int` })
    .from(toolCategoryCounts)
    .where(category ? eq(toolCategoryCounts.category, category) : undefined);
  return row?.total ?? 0;
}

async function pageOfTools({
  db,
  text,
  category,
  orderBy,
  page,
  pageSize,
}: {
  db: Database;
  text: string;
  category: string | null;
  orderBy: SQL[];
  page: number;
  pageSize: number;
}): Promise<ToolPage> {
  const where = and(text ? matchesText(text) : undefined, category ? eq(tools.category, category) : undefined);
  const offset = (page - 1) * pageSize;

  if (!text) {
    const [rows, total] = await Promise.all([
      db.select(toolCardColumns).from(tools).where(where).orderBy(...orderBy).limit(pageSize).offset(offset),
      countToolsInCategory(db, category),
    ]);
    return { tools: rows, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
  }

  // The planner prices ILIKE on long text far too cheaply and picks a sequential scan that is
  // 5-20 times slower than the trigram indexes; within this transaction it may not. Texts
  // shorter than a trigram cannot use those indexes, so for them the planner decides.
  const trigramUsable = text.length >= 3;
  const { rows, total } = await db.transaction(async (tx) => {
    if (trigramUsable) await tx.execute(sql`set local enable_seqscan = off`);
    // The matches are all read to be sorted anyway: the window counts them in the same pass.
    const found = await tx
      .select({ ...toolCardColumns, total: sql<number>`(count(*) over ())::int` })
      .from(tools)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize)
      .offset(offset);
    if (found.length > 0 || offset === 0) return { rows: found, total: found[0]?.total ?? 0 };
    // A page past the end has no row to carry the total.
    const [counted] = await tx.select({ total: sql<number>`count(*)::int` }).from(tools).where(where);
    return { rows: found, total: counted?.total ?? 0 };
  });
  const cards: ToolCard[] = rows.map(({ total: _total, ...card }) => card);
  return { tools: cards, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
}

/** Spelled like tools_created_at_idx (DESC NULLS LAST) so the index serves the order. */
const newestFirst = [sql`${tools.createdAt} desc nulls last`, asc(tools.id)];

/** Home grid: newest first, optionally filtered by text and category ('All' matches everything). */
export function searchTools({
  db,
  query,
  category,
  page = 1,
  pageSize = TOOLS_PAGE_SIZE,
}: {
  db: Database;
  query?: string | null;
  category?: string | null;
  page?: number;
  pageSize?: number;
}): Promise<ToolPage> {
  const text = normalizeQuery(query);
  // With a query, names that start with it come first: what a visitor typing a name expects.
  const orderBy = text ? [desc(ilike(tools.name, prefixPattern(text))), ...newestFirst] : newestFirst;
  const filter = category && category !== ALL_CATEGORY ? category : null;
  return pageOfTools({ db, text, category: filter, orderBy, page, pageSize });
}

/** Category page: tools of one category, best rated first, optionally filtered by text. */
export function listToolsInCategory({
  db,
  category,
  query,
  page = 1,
  pageSize = TOOLS_PAGE_SIZE,
}: {
  db: Database;
  category: string;
  query?: string | null;
  page?: number;
  pageSize?: number;
}): Promise<ToolPage> {
  const text = normalizeQuery(query);
  const orderBy = [
    sql`${tools.rating} desc nulls last`,
    sql`${tools.voteCount} desc nulls last`,
    asc(tools.name),
    asc(tools.id),
  ];
  return pageOfTools({ db, text, category, orderBy, page, pageSize });
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
  const byColumn = async (where: SQL) => (await db.select().from(tools).where(where).limit(1))[0];

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

/** Every tool's address and last change, for the sitemap. */
export function listToolSitemapEntries({ db }: { db: Database }) {
  return db
    .select({ slug: tools.slug, updatedAt: tools.updatedAt, category: tools.category })
    .from(tools)
    .orderBy(asc(tools.slug));
}
