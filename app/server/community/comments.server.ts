import { eq, sql } from "drizzle-orm";
import { commentContentSchema } from "~/lib/community";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client";
import { comments, profiles, tools } from "../db/schema";

export type ToolComment = {
  id: string;
  content: string;
  createdAt: Date;
  username: string | null;
  avatarUrl: string | null;
};

export type AddCommentResult =
  | { status: "posted"; comment: ToolComment }
  | { status: "tool-not-found" }
  /** The text was empty after trimming, too long, or held a character text cannot store. */
  | { status: "invalid"; message: string };

/** A tool's comments, newest first, with the author's public profile. */
export function listCommentsForTool({ db, toolId, limit = 100 }: { db: Database; toolId: string; limit?: number }): Promise<ToolComment[]> {
  return db
    .select({
      id: comments.id,
      content: comments.content,
      createdAt: comments.createdAt,
      username: profiles.username,
      avatarUrl: profiles.avatarUrl,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.userId))
    .where(eq(comments.toolId, toolId))
    .orderBy(sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`)
    .limit(limit);
}

/**
 * Posts a comment, trimmed and otherwise stored exactly as typed: it is plain text, escaped when
 * rendered, so nothing is stripped or sanitized here. An unknown tool writes nothing.
 */
export async function addComment({
  db,
  userId,
  toolId,
  content,
}: {
  db: Database;
  userId: string;
  toolId: string;
  content: string;
}): Promise<AddCommentResult> {
  const parsed = commentContentSchema.safeParse(content);
  if (!parsed.success) return { status: "invalid", message: parsed.error.issues[0]!.message };
  if (!isUuid(toolId)) return { status: "tool-not-found" };

  const posted = await db.transaction(async (tx) => {
    // A key-share lock (the one the foreign key check takes anyway) keeps the tool from being
    // deleted between this read and the insert; it does not wait for votes on the tool.
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("key share");
    if (!tool) return undefined;
    const [row] = await tx
      .insert(comments)
      .values({ toolId, userId, content: parsed.data })
      .returning({ id: comments.id, content: comments.content, createdAt: comments.createdAt });
    return row;
  });
  if (!posted) return { status: "tool-not-found" };

  const [author] = await db
    .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { status: "posted", comment: { ...posted, username: author?.username ?? null, avatarUrl: author?.avatarUrl ?? null } };
}
