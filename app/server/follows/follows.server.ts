import { and, asc, eq, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { FOLLOW_NOT_FOUND, type FollowTarget, type FollowTargetKind, type FrequencyChoice } from "~/lib/follows";
import { isToolCategory } from "~/lib/categories";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { followMailSettings, follows, tags, tools } from "../db/schema.server";

/**
 * Follows (decision 180): a member follows a tool, a category or a tag. Following is a row in
 * `follows`; the first follow also gives the member a `follow_mail_settings` row (a weekly digest,
 * told from now on), which the digest job reads.
 */

/** The `follows` column a kind of target is kept in, and its condition for one member's row. */
function targetCondition(kind: FollowTargetKind, target: string) {
  if (kind === "tool") return eq(follows.toolId, target);
  if (kind === "tag") return eq(follows.tagId, target);
  return eq(follows.category, target);
}

/** Whether the target names something that exists: a tool or a tag by id, or one of the categories. */
async function targetExists(db: Database, kind: FollowTargetKind, target: string): Promise<boolean> {
  if (kind === "category") return isToolCategory(target);
  if (!isUuid(target)) return false;
  const table = kind === "tool" ? tools : tags;
  // The key-share lock the foreign key takes anyway: the row cannot vanish before the insert.
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, target)).for("key share");
  return row !== undefined;
}

/** Follows a target; following it again changes nothing. An unknown target is a 404 and writes nothing. */
export async function followTarget({
  db,
  userId,
  kind,
  target,
}: {
  db: Database;
  userId: string;
  kind: FollowTargetKind;
  target: string;
}): Promise<{ added: boolean }> {
  return db.transaction(async (tx) => {
    if (!(await targetExists(tx, kind, target))) throw new AppError("not-found", FOLLOW_NOT_FOUND);
    const inserted = await tx
      .insert(follows)
      .values({
        userId,
        toolId: kind === "tool" ? target : null,
        tagId: kind === "tag" ? target : null,
        category: kind === "category" ? target : null,
      })
      .onConflictDoNothing()
      .returning({ id: follows.id });
    // The first follow: a weekly digest of what happens from now on.
    await tx.insert(followMailSettings).values({ userId }).onConflictDoNothing();
    return { added: inserted.length > 0 };
  });
}

/** Stops following a target; one not followed is already unfollowed. */
export async function unfollowTarget({
  db,
  userId,
  kind,
  target,
}: {
  db: Database;
  userId: string;
  kind: FollowTargetKind;
  target: string;
}): Promise<{ removed: boolean }> {
  if (kind !== "category" && !isUuid(target)) return { removed: false };
  const deleted = await db
    .delete(follows)
    .where(and(eq(follows.userId, userId), targetCondition(kind, target)))
    .returning({ id: follows.id });
  return { removed: deleted.length > 0 };
}

/**
 * Whether the viewer follows the target, or null for a visitor: their page carries no state and
 * stays the same for everyone (the page cache), as saved tools do (decision 062).
 */
export async function followingForViewer({
  db,
  viewer,
  kind,
  target,
}: {
  db: Database;
  viewer: { id: string } | null;
  kind: FollowTargetKind;
  target: string;
}): Promise<boolean | null> {
  if (!viewer) return null;
  if (kind !== "category" && !isUuid(target)) return false;
  const [row] = await db
    .select({ id: follows.id })
    .from(follows)
    .where(and(eq(follows.userId, viewer.id), targetCondition(kind, target)))
    .limit(1);
  return row !== undefined;
}

export type FollowedItem = FollowTarget & { href: string; followedAt: Date };

/** What a member follows, with names and addresses, newest first: one statement. */
export async function listFollows({ db, userId }: { db: Database; userId: string }): Promise<FollowedItem[]> {
  const rows = await db
    .select({
      toolId: follows.toolId,
      toolName: tools.name,
      toolSlug: tools.slug,
      category: follows.category,
      tagId: follows.tagId,
      tagName: tags.name,
      tagSlug: tags.slug,
      followedAt: follows.createdAt,
    })
    .from(follows)
    .leftJoin(tools, eq(tools.id, follows.toolId))
    .leftJoin(tags, eq(tags.id, follows.tagId))
    .where(eq(follows.userId, userId))
    .orderBy(sql`${follows.createdAt} desc`, asc(follows.id));
  return rows.map((row): FollowedItem => {
    if (row.toolId)
      return {
        kind: "tool",
        id: row.toolId,
        name: row.toolName ?? "",
        href: `/tool/${encodeURIComponent(row.toolSlug ?? "")}`,
        followedAt: row.followedAt,
      };
    if (row.tagId)
      return {
        kind: "tag",
        id: row.tagId,
        name: row.tagName ?? "",
        href: `/tag/${encodeURIComponent(row.tagSlug ?? "")}`,
        followedAt: row.followedAt,
      };
    const category = row.category ?? "";
    return {
      kind: "category",
      id: category,
      name: category,
      href: `/category/${encodeURIComponent(category)}`,
      followedAt: row.followedAt,
    };
  });
}

/** How often the member is mailed about what they follow: weekly until they choose. */
export async function findFollowFrequency({ db, userId }: { db: Database; userId: string }): Promise<FrequencyChoice> {
  const [row] = await db
    .select({ frequency: followMailSettings.frequency })
    .from(followMailSettings)
    .where(eq(followMailSettings.userId, userId));
  return row?.frequency ?? "weekly";
}

/**
 * Sets how often the member is mailed. Turning emails back on starts from now: news from while
 * they were off is not sent late. Returns whether anything changed.
 */
export async function setFollowFrequency({
  db,
  userId,
  frequency,
}: {
  db: Database;
  userId: string;
  frequency: FrequencyChoice;
}): Promise<{ changed: boolean }> {
  const changed = await db
    .insert(followMailSettings)
    .values({ userId, frequency })
    .onConflictDoUpdate({
      target: followMailSettings.userId,
      set: {
        frequency,
        updatedAt: sql`now()`,
        coveredUntil: sql`case when ${followMailSettings.frequency} = 'off' then now() else ${followMailSettings.coveredUntil} end`,
      },
      setWhere: sql`${followMailSettings.frequency} <> ${frequency}`,
    })
    .returning({ userId: followMailSettings.userId });
  return { changed: changed.length > 0 };
}
