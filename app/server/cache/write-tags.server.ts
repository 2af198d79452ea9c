import { eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { comments, tags, tools, toolTags } from "../db/schema.server";
import { categoryTag, memberTag, tagTag, TOOL_LIST_TAG, toolTag } from "./page-tags.server";

/**
 * The tags a write of these tools purges (decision 096): each tool, its category and tags (read
 * now: call before a write that may move them, and again after), and the catalogue's lists.
 */
export async function toolWriteTags({ db, ids }: { db: Database; ids: readonly string[] }): Promise<string[]> {
  if (ids.length === 0) return [];
  const [categories, tagSlugs] = await Promise.all([
    db
      .selectDistinct({ category: tools.category })
      .from(tools)
      .where(inArray(tools.id, [...ids])),
    db
      .selectDistinct({ slug: tags.slug })
      .from(toolTags)
      .innerJoin(tags, eq(tags.id, toolTags.tagId))
      .where(inArray(toolTags.toolId, [...ids])),
  ]);
  return [
    ...ids.map(toolTag),
    ...categories.map((row) => categoryTag(row.category)),
    ...tagSlugs.map((row) => tagTag(row.slug)),
    TOOL_LIST_TAG,
  ];
}

/** The tag of the tool a comment is on (a moderator's hiding or deleting changes that page); none for a comment gone. */
export async function commentToolTags({ db, commentId }: { db: Database; commentId: string }): Promise<string[]> {
  const [row] = await db.select({ toolId: comments.toolId }).from(comments).where(eq(comments.id, commentId));
  return row ? [toolTag(row.toolId)] : [];
}

/** A member's name or avatar changed: their profile and the pages of the tools they commented on. */
export async function memberWriteTags({ db, userId }: { db: Database; userId: string }): Promise<string[]> {
  const rows = await db.selectDistinct({ toolId: comments.toolId }).from(comments).where(eq(comments.userId, userId));
  return [memberTag(userId), ...rows.map((row) => toolTag(row.toolId))];
}
