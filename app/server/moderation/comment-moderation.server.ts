import { and, eq, isNull, sql } from "drizzle-orm";
import { publicName } from "~/lib/account";
import { AppError } from "~/lib/app-error";
import type { ModerationAction } from "~/lib/members";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { commentReports, comments, tools } from "../db/schema.server";
import { recordModerationAction, type Moderator } from "./moderation-log.server";

export const COMMENT_NOT_FOUND_MESSAGE = "Comment not found";

export type ModeratedComment = { id: string; toolId: string; toolSlug: string };

/** The comment, locked for the decision, with its tool for the summary and the cache purge. */
async function lockComment(tx: Database, commentId: string) {
  if (!isUuid(commentId)) throw new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
  const [comment] = await tx
    .select({
      id: comments.id,
      toolId: comments.toolId,
      toolSlug: tools.slug,
      toolName: tools.name,
      content: comments.content,
      hiddenAt: comments.hiddenAt,
    })
    .from(comments)
    .innerJoin(tools, eq(tools.id, comments.toolId))
    .where(eq(comments.id, commentId))
    .for("update", { of: comments });
  if (!comment) throw new AppError("not-found", COMMENT_NOT_FOUND_MESSAGE);
  return comment;
}

/** Closes the comment's open reports: the decision answers them. */
async function resolveReports(tx: Database, commentId: string, moderator: Moderator) {
  await tx
    .update(commentReports)
    .set({ resolvedAt: sql`now()`, resolvedBy: moderator.id })
    .where(and(eq(commentReports.commentId, commentId), isNull(commentReports.resolvedAt)));
}

type LockedComment = Awaited<ReturnType<typeof lockComment>>;
type CommentDecision = { db: Database; commentId: string; moderator: Moderator };

/**
 * One decision on a comment, in one transaction: the comment is locked, its open reports closed when
 * the decision answers them, the change made, and the log written when `change` says it changed something.
 */
function decideOnComment(
  { db, commentId, moderator }: CommentDecision,
  {
    action,
    closesReports,
    change,
  }: {
    action: ModerationAction;
    closesReports: boolean;
    change: (tx: Database, comment: LockedComment) => Promise<boolean>;
  },
): Promise<ModeratedComment> {
  return db.transaction(async (tx) => {
    const comment = await lockComment(tx, commentId);
    if (closesReports) await resolveReports(tx, comment.id, moderator);
    if (await change(tx, comment)) {
      await recordModerationAction({
        db: tx,
        action,
        subjectId: comment.id,
        summary: `On ${comment.toolName}: ${comment.content}`,
        moderator,
      });
    }
    return { id: comment.id, toolId: comment.toolId, toolSlug: comment.toolSlug };
  });
}

/**
 * Hides a comment from everyone but its author, closes its reports and logs the decision.
 * Hiding a hidden comment changes nothing and logs nothing.
 */
export function hideComment(decision: CommentDecision): Promise<ModeratedComment> {
  return decideOnComment(decision, {
    action: "comment-hidden",
    closesReports: true,
    change: async (tx, comment) => {
      if (comment.hiddenAt !== null) return false;
      await tx
        .update(comments)
        .set({ hiddenAt: sql`now()`, hiddenBy: decision.moderator.id })
        .where(eq(comments.id, comment.id));
      return true;
    },
  });
}

/** Shows a hidden comment again and logs it; a visible comment is left as it is. */
export function restoreComment(decision: CommentDecision): Promise<ModeratedComment> {
  return decideOnComment(decision, {
    action: "comment-restored",
    closesReports: false,
    change: async (tx, comment) => {
      if (comment.hiddenAt === null) return false;
      await tx.update(comments).set({ hiddenAt: null, hiddenBy: null }).where(eq(comments.id, comment.id));
      return true;
    },
  });
}

/** Deletes any comment as an administrator (its reports go with it) and logs what it said. */
export function deleteCommentAsModerator(decision: CommentDecision): Promise<ModeratedComment> {
  return decideOnComment(decision, {
    action: "comment-deleted",
    closesReports: false,
    change: async (tx, comment) => {
      await tx.delete(comments).where(eq(comments.id, comment.id));
      return true;
    },
  });
}

/** Closes a comment's open reports without acting on it: the comment stays as it is. */
export function dismissCommentReports(decision: CommentDecision): Promise<ModeratedComment> {
  return decideOnComment(decision, {
    action: "comment-reports-dismissed",
    closesReports: true,
    change: async () => true,
  });
}

/** The moderator behind an admin viewer: their public name, as the change log uses (never their address). */
export function moderatorFrom(viewer: { id: string; username: string | null; displayName: string | null }): Moderator {
  return { id: viewer.id, name: publicName(viewer) };
}
