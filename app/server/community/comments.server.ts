import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { commentContentSchema } from "~/lib/community";
import { COMMENT_EDIT_WINDOW_MS } from "~/lib/members";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { comments, profiles, tools } from "../db/schema.server";
import { COMMENT_NOT_FOUND_MESSAGE } from "../moderation/comment-moderation.server";
import { verifiedMakerSql } from "../makers/verified-makers.server";
import { parsedOrRefused } from "./parsed-or-refused.server";
import { TOOL_NOT_FOUND_MESSAGE } from "./votes.server";
import { publicNameSql } from "../members/public-name-sql.server";

/**
 * A comment as one viewer sees it. Nothing here names an email: the author is the public name
 * they chose (displayName), else their username, else nobody ("Anonymous" on the page).
 */
export type ToolComment = {
  id: string;
  content: string;
  createdAt: Date;
  /** When its author last changed the text; the page shows "edited". */
  editedAt: Date | null;
  authorName: string | null;
  /** Only when the author chose one: the address of their profile page, /u/{displayName}. */
  displayName: string | null;
  avatarUrl: string | null;
  /** Hidden by an administrator: only its author and administrators receive it. */
  hidden: boolean;
  /** Its author is a verified maker of the tool (decision 176): the "Maker" badge. */
  isMaker: boolean;
  isOwn: boolean;
  /** The author may still edit it: their own, not hidden, within the window after posting. */
  canEdit: boolean;
};

/** Who is reading: a signed-out visitor has neither, and every visitor gets the same answer. */
export type CommentViewer = { viewerId?: string; viewerIsAdmin?: boolean };

const EDIT_WINDOW_MINUTES = COMMENT_EDIT_WINDOW_MS / 60_000;
export const NOT_YOUR_COMMENT_MESSAGE = "You can only change your own comments.";
export const EDIT_WINDOW_PASSED_MESSAGE = `Comments can only be edited within ${EDIT_WINDOW_MINUTES} minutes of posting.`;
export const HIDDEN_COMMENT_EDIT_MESSAGE = "A comment hidden by a moderator can no longer be edited.";

/** Measured by the database's clock, the same one that stamped created_at. */
const withinEditWindow = sql`${comments.createdAt} > now() - ${sql.raw(`interval '${COMMENT_EDIT_WINDOW_MS} milliseconds'`)}`;

function commentFields(viewerId: string | undefined) {
  const own = viewerId ? sql<boolean>`coalesce(${comments.userId} = ${viewerId}, false)` : sql<boolean>`false`;
  return {
    id: comments.id,
    content: comments.content,
    createdAt: comments.createdAt,
    editedAt: comments.editedAt,
    authorName: publicNameSql(),
    displayName: profiles.displayName,
    avatarUrl: profiles.avatarUrl,
    hidden: sql<boolean>`${comments.hiddenAt} is not null`,
    isMaker: verifiedMakerSql(comments.toolId, comments.userId),
    isOwn: own,
    canEdit: viewerId
      ? sql<boolean>`coalesce(${comments.userId} = ${viewerId} and ${comments.hiddenAt} is null and ${withinEditWindow}, false)`
      : sql<boolean>`false`,
  };
}

/** Comments matching `where`, newest first, as `viewer` sees them. */
function readComments(db: Database, viewer: CommentViewer, where: SQL | undefined, limit: number) {
  return db
    .select(commentFields(viewer.viewerId))
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.userId))
    .where(where)
    .orderBy(sql`${comments.createdAt} desc nulls last`, sql`${comments.id} desc nulls last`)
    .limit(limit);
}

/** Hidden comments reach administrators and their own authors only. */
function visibleTo({ viewerId, viewerIsAdmin }: CommentViewer): SQL | undefined {
  if (viewerIsAdmin) return undefined;
  return viewerId ? or(isNull(comments.hiddenAt), eq(comments.userId, viewerId)) : isNull(comments.hiddenAt);
}

/**
 * A tool's comments, newest first, with the author's public name and avatar. A visitor gets the
 * visible ones; a member also their own hidden ones, marked; an administrator every one, marked.
 */
export function listCommentsForTool({
  db,
  toolId,
  limit = 100,
  ...viewer
}: CommentViewer & { db: Database; toolId: string; limit?: number }): Promise<ToolComment[]> {
  return readComments(db, viewer, and(eq(comments.toolId, toolId), visibleTo(viewer)), limit);
}

async function commentAsAuthorSees(db: Database, userId: string, commentId: string): Promise<ToolComment> {
  const [row] = await readComments(db, { viewerId: userId }, eq(comments.id, commentId), 1);
  if (!row) throw new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
  return row;
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
  const text = parsedOrRefused(commentContentSchema, content);
  if (!isUuid(toolId)) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);

  const posted = await db.transaction(async (tx) => {
    // A key-share lock (the one the foreign key check takes anyway) keeps the tool from being
    // deleted between this read and the insert; it does not wait for votes on the tool.
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("key share");
    if (!tool) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
    const [row] = await tx.insert(comments).values({ toolId, userId, content: text }).returning({ id: comments.id });
    return row!;
  });
  return commentAsAuthorSees(db, userId, posted.id);
}

/**
 * Why `userId` may not change the comment: the refusal to throw. Someone else's hidden comment
 * is not theirs to see, so it is "not found" like one that never was.
 */
async function refusalFor(
  db: Database,
  { userId, commentId, editing }: { userId: string; commentId: string; editing: boolean },
): Promise<AppError> {
  const [comment] = await db
    .select({
      userId: comments.userId,
      hidden: sql<boolean>`${comments.hiddenAt} is not null`,
      withinWindow: sql<boolean>`${withinEditWindow}`,
    })
    .from(comments)
    .where(eq(comments.id, commentId));
  if (!comment) return new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
  if (comment.userId !== userId) {
    return comment.hidden
      ? new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE)
      : new AppError("forbidden", NOT_YOUR_COMMENT_MESSAGE);
  }
  if (editing && comment.hidden) return new AppError("forbidden", HIDDEN_COMMENT_EDIT_MESSAGE);
  if (editing && !comment.withinWindow) return new AppError("forbidden", EDIT_WINDOW_PASSED_MESSAGE);
  // The comment changed between the write and this look (it was just restored, say): try again.
  return new AppError("conflict", "The comment changed meanwhile. Please reload the page and try again.");
}

/**
 * Changes the text of the author's own comment, within COMMENT_EDIT_WINDOW_MS of posting by the
 * database's clock, and marks it edited (unless the text is the same). The text is checked as a
 * new comment's is. Someone else's comment, a hidden one or one past the window is refused with
 * nothing changed. One conditional UPDATE decides, so no moment passes between check and write.
 */
export async function editOwnComment({
  db,
  userId,
  commentId,
  content,
}: {
  db: Database;
  userId: string;
  commentId: string;
  content: string;
}): Promise<ToolComment> {
  const text = parsedOrRefused(commentContentSchema, content);
  if (!isUuid(commentId)) throw new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
  const [updated] = await db
    .update(comments)
    .set({
      content: text,
      editedAt: sql`case when ${comments.content} = ${text} then ${comments.editedAt} else now() end`,
    })
    .where(and(eq(comments.id, commentId), eq(comments.userId, userId), isNull(comments.hiddenAt), withinEditWindow))
    .returning({ id: comments.id });
  if (!updated) throw await refusalFor(db, { userId, commentId, editing: true });
  return commentAsAuthorSees(db, userId, updated.id);
}

/**
 * Deletes the author's own comment, at any time and whether hidden or not; its reports go with it
 * (ON DELETE CASCADE). Someone else's comment is refused and stays.
 */
export async function deleteOwnComment({
  db,
  userId,
  commentId,
}: {
  db: Database;
  userId: string;
  commentId: string;
}): Promise<{ id: string; toolId: string }> {
  if (!isUuid(commentId)) throw new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
  const [deleted] = await db
    .delete(comments)
    .where(and(eq(comments.id, commentId), eq(comments.userId, userId)))
    .returning({ id: comments.id, toolId: comments.toolId });
  if (!deleted) throw await refusalFor(db, { userId, commentId, editing: false });
  return deleted;
}
