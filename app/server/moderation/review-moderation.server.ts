import { and, eq, isNull, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { ModerationAction } from "~/lib/members";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { reviewReports, tools, toolVotes } from "../db/schema.server";
import { recordModerationAction, type Moderator } from "./moderation-log.server";

export const REVIEW_NOT_FOUND_MESSAGE = "Review not found";

/** `toolId`, when given, is the tool whose page the decision was posted from: another tool's review is not found there. */
type ReviewDecision = { db: Database; voteId: string; moderator: Moderator; toolId?: string };

/**
 * One decision on a review, in one transaction with its log line, like a comment's (decision 079):
 * the vote row locked, its open reports closed when the decision answers them, the change made and
 * logged when `change` says it changed something. The star vote itself is never touched.
 */
function decideOnReview(
  { db, voteId, moderator, toolId }: ReviewDecision,
  {
    action,
    closesReports,
    change,
  }: { action: ModerationAction; closesReports: boolean; change: (tx: Database, hidden: boolean) => Promise<boolean> },
): Promise<{ toolId: string }> {
  if (!isUuid(voteId)) throw new AppError("not-found", REVIEW_NOT_FOUND_MESSAGE);
  return db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        toolId: toolVotes.toolId,
        toolName: tools.name,
        text: toolVotes.review,
        hiddenAt: toolVotes.reviewHiddenAt,
      })
      .from(toolVotes)
      .innerJoin(tools, eq(tools.id, toolVotes.toolId))
      .where(and(eq(toolVotes.id, voteId), toolId === undefined ? undefined : eq(toolVotes.toolId, toolId)))
      .for("no key update", { of: toolVotes });
    if (!review?.text) throw new AppError("not-found", REVIEW_NOT_FOUND_MESSAGE);
    if (closesReports) {
      await tx
        .update(reviewReports)
        .set({ resolvedAt: sql`now()`, resolvedBy: moderator.id })
        .where(and(eq(reviewReports.voteId, voteId), isNull(reviewReports.resolvedAt)));
    }
    if (await change(tx, review.hiddenAt !== null)) {
      await recordModerationAction({
        db: tx,
        action,
        subjectId: voteId,
        summary: `Review of ${review.toolName}: ${review.text}`,
        moderator,
      });
    }
    return { toolId: review.toolId };
  });
}

/** Hides a review from everyone but its author and closes its reports; the vote still counts. */
export function hideReview(decision: ReviewDecision): Promise<{ toolId: string }> {
  return decideOnReview(decision, {
    action: "review-hidden",
    closesReports: true,
    change: async (tx, hidden) => {
      if (hidden) return false;
      await tx
        .update(toolVotes)
        .set({ reviewHiddenAt: sql`now()`, reviewHiddenBy: decision.moderator.id })
        .where(eq(toolVotes.id, decision.voteId));
      return true;
    },
  });
}

/** Shows a hidden review again and logs it. */
export function restoreReview(decision: ReviewDecision): Promise<{ toolId: string }> {
  return decideOnReview(decision, {
    action: "review-restored",
    closesReports: false,
    change: async (tx, hidden) => {
      if (!hidden) return false;
      await tx
        .update(toolVotes)
        .set({ reviewHiddenAt: null, reviewHiddenBy: null })
        .where(eq(toolVotes.id, decision.voteId));
      return true;
    },
  });
}

/** Closes a review's open reports without acting on it. */
export function dismissReviewReports(decision: ReviewDecision): Promise<{ toolId: string }> {
  return decideOnReview(decision, {
    action: "review-reports-dismissed",
    closesReports: true,
    change: async () => true,
  });
}
