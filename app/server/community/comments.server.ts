import { eq, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { commentContentSchema } from "~/lib/community";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { comments, profiles, tools } from "../db/schema.server";
import { TOOL_NOT_FOUND_MESSAGE } from "./votes.server";

export type ToolComment = {
  id: string;
  content: string;
  createdAt: Date;
  username: string | null;
  avatarUrl: string | null;
};

/** A tool's comments, newest first, with the author's public profile. */
export function listCommentsForTool({
  db,
  toolId,
  limit = 100,
}: {
  db: Database;
  toolId: string;
  limit?: number;
}): Promise<ToolComment[]> {
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
 * rendered, so nothing is stripped or sanitized here. Text that is empty after trimming, too long
 * or holds a character text cannot store throws a 400 AppError; an unknown tool a 404. Either
 * way nothing is written.
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
}): Promise<ToolComment> {
  const parsed = commentContentSchema.safeParse(content);
  if (!parsed.success) throw new AppError("bad-request", parsed.error.issues[0]!.message);
  if (!isUuid(toolId)) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);

  const posted = await db.transaction(async (tx) => {
    // A key-share lock (the one the foreign key check takes anyway) keeps the tool from being
    // deleted between this read and the insert; it does not wait for votes on the tool.
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("key share");
    if (!tool) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
    const [row] = await tx
      .insert(comments)
      .values({ toolId, userId, content: parsed.data })
      .returning({ id: comments.id, content: comments.content, createdAt: comments.createdAt });
    return row;
  });

  const [author] = await db
    .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { ...posted!, username: author?.username ?? null, avatarUrl: author?.avatarUrl ?? null };
}
