import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { SAVED_LIST_LIMIT, type SavedSort } from "~/lib/saved-tools";
import { isUuid } from "~/lib/slugify";
import { toolCardColumns, type ToolCard } from "../catalog/tools.server";
import type { Database } from "../db/client.server";
import { savedTools, tools } from "../db/schema.server";
import { TOOL_NOT_FOUND_MESSAGE } from "./votes.server";

/**
 * A user's saved tools: one row per (user, tool), the table's primary key, so saving twice is
 * saving once. Nothing here changes a tool's row: the count is read from saved_tools itself.
 */

/**
 * Saves a tool for the user; saving one already saved changes nothing (its saved time stays).
 * An unknown tool throws a 404 AppError and writes nothing. Returns whether a row was added.
 */
export async function saveTool({
  db,
  userId,
  toolId,
}: {
  db: Database;
  userId: string;
  toolId: string;
}): Promise<{ added: boolean }> {
  if (!isUuid(toolId)) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    // The key-share lock the foreign key check takes anyway: the tool cannot be deleted between
    // this read and the insert, so a vanished tool is a 404 and never a constraint error.
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("key share");
    if (!tool) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
    const inserted = await tx
      .insert(savedTools)
      .values({ userId, toolId })
      .onConflictDoNothing()
      .returning({ toolId: savedTools.toolId });
    return { added: inserted.length > 0 };
  });
}

/** Removes a tool from the user's saved tools; one not saved (or not existing) is already removed. */
export async function unsaveTool({
  db,
  userId,
  toolId,
}: {
  db: Database;
  userId: string;
  toolId: string;
}): Promise<{ removed: boolean }> {
  if (!isUuid(toolId)) return { removed: false };
  const deleted = await db
    .delete(savedTools)
    .where(and(eq(savedTools.userId, userId), eq(savedTools.toolId, toolId)))
    .returning({ toolId: savedTools.toolId });
  return { removed: deleted.length > 0 };
}

/**
 * How many people saved a tool and whether the viewer is one of them, in one statement (the
 * saved_tools_tool_id_idx index). Without a viewer `saved` is false, so every visitor's page is
 * the same and can be cached.
 */
export async function countSaves({
  db,
  toolId,
  userId,
}: {
  db: Database;
  toolId: string;
  userId?: string | null;
}): Promise<{ count: number; saved: boolean }> {
  const mine = userId ? sql`coalesce(bool_or(${savedTools.userId} = ${userId}), false)` : sql`false`;
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number), saved: sql<boolean>`${mine}` })
    .from(savedTools)
    .where(eq(savedTools.toolId, toolId));
  return { count: row?.count ?? 0, saved: row?.saved === true };
}

/** Which of `toolIds` the user saved, in one statement: what a list page's cards need. */
export async function findSavedToolIds({
  db,
  userId,
  toolIds,
}: {
  db: Database;
  userId: string;
  toolIds: readonly string[];
}): Promise<string[]> {
  const ids = toolIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ toolId: savedTools.toolId })
    .from(savedTools)
    .where(and(eq(savedTools.userId, userId), inArray(savedTools.toolId, ids)));
  return rows.map((row) => row.toolId);
}

export type SavedTool = ToolCard & { savedAt: Date };

/** The orders of /saved; each ends on the tool id, so equal values keep one order. */
const SAVED_ORDER: Record<SavedSort, SQL[]> = {
  recent: [sql`${savedTools.createdAt} desc`, asc(tools.id)],
  name: [sql`lower(${tools.name})`, asc(tools.id)],
  // The catalogue's "Top rated": the Bayesian ranking score (decision 056), then the votes.
  "top-rated": [sql`${tools.rankingScore} desc nulls last`, sql`${tools.voteCount} desc`, asc(tools.id)],
};

/**
 * The user's saved tools as cards, in the order asked for, with how many there are in all: one
 * statement whatever the number (the primary key finds the user's rows, each joined to its tool).
 */
export async function listSavedTools({
  db,
  userId,
  sort,
  limit = SAVED_LIST_LIMIT,
}: {
  db: Database;
  userId: string;
  sort: SavedSort;
  limit?: number;
}): Promise<{ tools: SavedTool[]; total: number }> {
  const rows = await db
    .select({
      ...toolCardColumns,
      savedAt: savedTools.createdAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(savedTools)
    .innerJoin(tools, eq(tools.id, savedTools.toolId))
    .where(eq(savedTools.userId, userId))
    .orderBy(...SAVED_ORDER[sort])
    .limit(limit);
  return {
    tools: rows.map(({ total: _total, pros, ...tool }) => ({ ...tool, pros: pros ?? [] })),
    total: rows[0]?.total ?? 0,
  };
}

/** The tool a save-after-sign-in address names (`?save={slug}`), or null. */
export async function findToolToSave({
  db,
  slug,
}: {
  db: Database;
  slug: string;
}): Promise<{ id: string; slug: string; name: string } | null> {
  if (slug === "" || slug.length > 200) return null;
  const [tool] = await db
    .select({ id: tools.id, slug: tools.slug, name: tools.name })
    .from(tools)
    .where(eq(tools.slug, slug));
  return tool ?? null;
}

/**
 * For a list page's cards: which of its tools the viewer saved (one statement), or null for a
 * visitor, whose page then carries no toggles and stays the same for everyone (the page cache).
 */
export function savedIdsForViewer({
  db,
  viewer,
  toolIds,
}: {
  db: Database;
  viewer: { id: string } | null;
  toolIds: readonly string[];
}): Promise<string[] | null> {
  return viewer ? findSavedToolIds({ db, userId: viewer.id, toolIds }) : Promise.resolve(null);
}
