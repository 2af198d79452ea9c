import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { PROFILE_PAGE_SIZE } from "~/lib/account";
import type { Database } from "../db/client.server";
import { comments, profiles, tools, toolVotes, users } from "../db/schema.server";

/** What /u/{name} shows of a member: never the email. */
export type PublicMember = { id: string; displayName: string; avatarUrl: string | null; joinedAt: Date };

/** The member who chose this display name, whatever its letter case; null when nobody did. */
export async function findMemberByDisplayName({
  db,
  name,
}: {
  db: Database;
  name: string;
}): Promise<PublicMember | null> {
  const [member] = await db
    .select({
      id: profiles.id,
      displayName: sql<string>`${profiles.displayName}`,
      avatarUrl: sql<string | null>`coalesce(${profiles.avatarUrl}, ${users.image})`,
      joinedAt: users.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    // The expression of the unique index profiles_display_name_lower_key, so the index answers.
    .where(sql`lower(${profiles.displayName}) = lower(${name})`)
    .limit(1);
  return member ?? null;
}

export type MemberComment = {
  id: string;
  content: string;
  createdAt: Date;
  editedAt: Date | null;
  tool: { slug: string; name: string };
};

export type MemberRating = { rating: number; ratedAt: Date; tool: { slug: string; name: string } };

export type MemberActivity = {
  comments: MemberComment[];
  ratings: MemberRating[];
  /** Visible comments in all: the page stays out of search engines below PROFILE_INDEX_MIN_COMMENTS. */
  commentCount: number;
  ratingCount: number;
  pageCount: number;
};

/**
 * One page of the member's visible comments and of their ratings, newest first (both lists share
 * the page number). Hidden comments are the moderators' decision and never shown here.
 */
export async function listMemberActivity({
  db,
  userId,
  page,
}: {
  db: Database;
  userId: string;
  page: number;
}): Promise<MemberActivity> {
  const offset = (page - 1) * PROFILE_PAGE_SIZE;
  const visibleComments = and(eq(comments.userId, userId), isNull(comments.hiddenAt));
  const toolColumns = { slug: tools.slug, name: tools.name };
  const [commentRows, ratingRows, [commentTotal], [ratingTotal]] = await Promise.all([
    db
      .select({
        id: comments.id,
        content: comments.content,
        createdAt: comments.createdAt,
        editedAt: comments.editedAt,
        tool: toolColumns,
      })
      .from(comments)
      .innerJoin(tools, eq(tools.id, comments.toolId))
      .where(visibleComments)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(offset),
    db
      .select({ rating: toolVotes.rating, ratedAt: toolVotes.updatedAt, tool: toolColumns })
      .from(toolVotes)
      .innerJoin(tools, eq(tools.id, toolVotes.toolId))
      .where(eq(toolVotes.userId, userId))
      .orderBy(desc(toolVotes.updatedAt), desc(toolVotes.id))
      .limit(PROFILE_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(comments).where(visibleComments),
    db.select({ n: count() }).from(toolVotes).where(eq(toolVotes.userId, userId)),
  ]);
  const commentCount = commentTotal?.n ?? 0;
  const ratingCount = ratingTotal?.n ?? 0;
  return {
    comments: commentRows,
    ratings: ratingRows,
    commentCount,
    ratingCount,
    pageCount: Math.max(1, Math.ceil(Math.max(commentCount, ratingCount) / PROFILE_PAGE_SIZE)),
  };
}
