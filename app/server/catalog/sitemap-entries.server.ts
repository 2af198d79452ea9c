import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { tags, toolCategoryCounts, tools, toolTags } from "../db/schema.server";

/**
 * The tools a keyset-paged sitemap section lists: every tool (its page), or the tools that have
 * an alternatives page (another tool shares their category).
 */
export type ToolSitemapScope = "tools" | "alternatives";

const inScope = (db: Database, scope: ToolSitemapScope) =>
  scope === "tools"
    ? undefined
    : inArray(
        tools.category,
        db
          .select({ category: toolCategoryCounts.category })
          .from(toolCategoryCounts)
          .where(gt(toolCategoryCounts.toolCount, 1)),
      );

/**
 * The scope's tools cut into files of `urlLimit` by slug, one row per file with its newest
 * updated_at: one query that returns a row per file, never the tools themselves.
 */
export async function toolSitemapParts({
  db,
  scope,
  urlLimit,
}: {
  db: Database;
  scope: ToolSitemapScope;
  urlLimit: number;
}): Promise<{ lastmod: Date }[]> {
  const numbered = db
    .select({
      updatedAt: tools.updatedAt,
      part: sql<number>`(row_number() over (order by ${tools.slug}) - 1) / ${urlLimit}::int`.as("part"),
    })
    .from(tools)
    .where(inScope(db, scope))
    .as("numbered");
  return db
    .select({ lastmod: sql<Date>`max(${numbered.updatedAt})`.mapWith(tools.updatedAt) })
    .from(numbered)
    .groupBy(numbered.part)
    .orderBy(numbered.part);
}

type ToolSitemapRow = { slug: string; updatedAt: Date };

/**
 * The tools of file `part` (from 1) of the scope, by slug, `batchSize` at a time: the file's first
 * row is found by its position, the rest by keyset (slug > the last one read), so no query holds
 * more than one batch.
 */
export async function* toolSitemapBatches({
  db,
  scope,
  part,
  urlLimit,
  batchSize,
}: {
  db: Database;
  scope: ToolSitemapScope;
  part: number;
  urlLimit: number;
  batchSize: number;
}): AsyncGenerator<ToolSitemapRow[]> {
  let read = 0;
  let after: string | null = null;
  while (read < urlLimit) {
    const wanted = Math.min(batchSize, urlLimit - read);
    const query = db
      .select({ slug: tools.slug, updatedAt: tools.updatedAt })
      .from(tools)
      .where(and(inScope(db, scope), after === null ? undefined : gt(tools.slug, after)))
      .orderBy(asc(tools.slug))
      .limit(wanted);
    const batch: ToolSitemapRow[] = after === null ? await query.offset((part - 1) * urlLimit) : await query;
    if (batch.length > 0) yield batch;
    if (batch.length < wanted) return;
    read += batch.length;
    after = batch.at(-1)!.slug;
  }
}

/** The newest updated_at of all tools; undefined for an empty catalogue. */
export async function newestToolChange({ db }: { db: Database }): Promise<Date | undefined> {
  const [row] = await db
    .select({ lastmod: sql<Date | null>`max(${tools.updatedAt})`.mapWith(tools.updatedAt) })
    .from(tools);
  return row?.lastmod ?? undefined;
}

/** Each category with tools, alphabetical, with the newest change among its tools. */
export function listCategorySitemapEntries({ db }: { db: Database }) {
  return db
    .select({ category: tools.category, lastmod: sql<Date>`max(${tools.updatedAt})`.mapWith(tools.updatedAt) })
    .from(tools)
    .groupBy(tools.category)
    .orderBy(asc(tools.category));
}

/** Each tag with tools, by slug, with its own last edit or its tools' newest change, whichever is later. */
export function listTagSitemapEntries({ db }: { db: Database }) {
  return db
    .select({
      slug: tags.slug,
      lastmod: sql<Date>`greatest(${tags.updatedAt}, max(${tools.updatedAt}))`.mapWith(tags.updatedAt),
    })
    .from(tags)
    .innerJoin(toolTags, eq(toolTags.tagId, tags.id))
    .innerJoin(tools, eq(tools.id, toolTags.toolId))
    .groupBy(tags.id)
    .orderBy(asc(tags.slug));
}

/** The last change of each of these tools, by slug (the comparisons' pages show both tools). */
export async function toolChangesBySlug({
  db,
  slugs,
}: {
  db: Database;
  slugs: readonly string[];
}): Promise<Map<string, Date>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: tools.slug, updatedAt: tools.updatedAt })
    .from(tools)
    .where(inArray(tools.slug, [...slugs]));
  return new Map(rows.map((row) => [row.slug, row.updatedAt]));
}
