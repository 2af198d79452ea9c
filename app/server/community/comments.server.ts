import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { comments, profiles } from "../db/schema";

export type ToolComment = {
  id: string;
  content: string;
  createdAt: Date;
  username: string | null;
  avatarUrl: string | null;
};

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
