import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { CommentReportReason } from "~/lib/members";
import { commentReportSchema } from "~/lib/reports";
import { REVIEWS_SHOWN, type ReviewSort } from "~/lib/reviews";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { profiles, reviewHelpfulMarks, reviewReports, toolVotes } from "../db/schema.server";
import { REVIEW_NOT_FOUND_MESSAGE } from "../moderation/review-moderation.server";
import { parsedOrRefused } from "./parsed-or-refused.server";
import { publicNameSql } from "../members/public-name-sql.server";

/**
 * Reviews (issue 33, decision 172): a review is words on a member's star vote, one per vote, so
 * it always carries the rating it was written with. Members mark others' reviews helpful, once
 * each; the author edits a review through the vote form and deletes it here, keeping the vote.
 */

export const OWN_REVIEW_HELPFUL_MESSAGE = "You cannot mark your own review as helpful.";
export const ALREADY_HELPFUL_MESSAGE = "You have already marked this review as helpful.";
export const NO_REVIEW_TO_DELETE_MESSAGE = "You have not written a review of this tool.";
export const OWN_REVIEW_REPORT_MESSAGE = "You cannot report your own review. You can edit or delete it instead.";
export const ALREADY_REPORTED_REVIEW_MESSAGE = "You have already reported this review.";

/** A review as every visitor sees it: nothing per viewer but `isOwn` and `markedHelpful`, false for a visitor. */
export type ToolReview = {
  id: string;
  rating: number;
  review: string;
  usedFor: string | null;
  reviewedAt: Date;
  authorName: string | null;
  /** Only when the author chose one: the address of their profile page, /u/{displayName}. */
  displayName: string | null;
  helpfulCount: number;
  /** Hidden by an administrator: sent to its author and the administrators only, marked. */
  hidden: boolean;
  isOwn: boolean;
  markedHelpful: boolean;
};

/**
 * Writes the review text on the member's vote; called by recordVote inside its transaction, after
 * the vote is written. `reviewed_at` moves only when the words change, so clicking a star again
 * does not make an old review "newest".
 */
export async function writeReview({
  db,
  toolId,
  userId,
  review,
  usedFor,
}: {
  db: Database;
  toolId: string;
  userId: string;
  review: string;
  usedFor: string | null;
}): Promise<void> {
  await db
    .update(toolVotes)
    .set({
      review,
      usedFor,
      reviewedAt: sql`case when ${toolVotes.review} is distinct from ${review} or ${toolVotes.usedFor} is distinct from ${usedFor} then now() else ${toolVotes.reviewedAt} end`,
    })
    .where(and(eq(toolVotes.toolId, toolId), eq(toolVotes.userId, userId)));
}

/** Deletes the member's review of a tool, with its helpful marks and reports; the star vote stays. */
export async function deleteOwnReview({
  db,
  userId,
  toolId,
}: {
  db: Database;
  userId: string;
  toolId: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const [cleared] = await tx
      .update(toolVotes)
      .set({ review: null, usedFor: null, reviewedAt: null, reviewHiddenAt: null, reviewHiddenBy: null })
      .where(and(eq(toolVotes.toolId, toolId), eq(toolVotes.userId, userId), isNotNull(toolVotes.review)))
      .returning({ id: toolVotes.id });
    if (!cleared) throw new AppError("not-found", NO_REVIEW_TO_DELETE_MESSAGE);
    await tx.delete(reviewHelpfulMarks).where(eq(reviewHelpfulMarks.voteId, cleared.id));
    await tx.delete(reviewReports).where(eq(reviewReports.voteId, cleared.id));
  });
}

/**
 * The review, locked against its deletion until the caller's insert (key share), when it is a
 * visible review of `toolId`: a hidden or deleted one is "not found", as it is on the page.
 */
async function lockVisibleReview(tx: Database, voteId: string, toolId: string) {
  if (!isUuid(voteId)) throw new AppError("not-found", REVIEW_NOT_FOUND_MESSAGE);
  const [vote] = await tx
    .select({ userId: toolVotes.userId })
    .from(toolVotes)
    .where(
      and(
        eq(toolVotes.id, voteId),
        eq(toolVotes.toolId, toolId),
        isNotNull(toolVotes.review),
        isNull(toolVotes.reviewHiddenAt),
      ),
    )
    .for("key share");
  if (!vote) throw new AppError("not-found", REVIEW_NOT_FOUND_MESSAGE);
  return vote;
}

/** Marks another member's review helpful, once: the primary key decides, so two clicks at once make one mark. */
export async function markReviewHelpful({
  db,
  userId,
  toolId,
  voteId,
}: {
  db: Database;
  userId: string;
  toolId: string;
  voteId: string;
}): Promise<void> {
  await db.transaction(async (tx) => {
    const vote = await lockVisibleReview(tx, voteId, toolId);
    if (vote.userId === userId) throw new AppError("forbidden", OWN_REVIEW_HELPFUL_MESSAGE);
    const [marked] = await tx
      .insert(reviewHelpfulMarks)
      .values({ voteId, userId })
      .onConflictDoNothing()
      .returning({ voteId: reviewHelpfulMarks.voteId });
    if (!marked) throw new AppError("conflict", ALREADY_HELPFUL_MESSAGE);
  });
}

/** Reports a review to the administrators, once per member per review; never one's own. */
export async function reportReview({
  db,
  reporterId,
  toolId,
  voteId,
  reason,
  note,
}: {
  db: Database;
  reporterId: string;
  toolId: string;
  voteId: string;
  reason: CommentReportReason | string;
  note?: string | null;
}): Promise<{ id: string }> {
  const report = parsedOrRefused(commentReportSchema, { reason, note: note ?? undefined });
  return db.transaction(async (tx) => {
    const vote = await lockVisibleReview(tx, voteId, toolId);
    if (vote.userId === reporterId) throw new AppError("forbidden", OWN_REVIEW_REPORT_MESSAGE);
    const [created] = await tx
      .insert(reviewReports)
      .values({ voteId, reporterId, reason: report.reason, note: report.note })
      .onConflictDoNothing({ target: [reviewReports.voteId, reviewReports.reporterId] })
      .returning({ id: reviewReports.id });
    if (!created) throw new AppError("conflict", ALREADY_REPORTED_REVIEW_MESSAGE);
    return created;
  });
}

const helpfulCount = sql<number>`(select count(*)::int from ${reviewHelpfulMarks} as m where m.vote_id = ${toolVotes.id})`;

/**
 * A tool's reviews in the chosen order (most helpful: marks, then newest; newest: when written).
 * A visitor gets the visible ones and every visitor the same answer, so the page stays cacheable;
 * a member also gets their own hidden review, marked, and which ones they marked helpful.
 */
export async function listToolReviews({
  db,
  toolId,
  sort,
  viewerId,
  viewerIsAdmin = false,
  limit = REVIEWS_SHOWN,
}: {
  db: Database;
  toolId: string;
  sort: ReviewSort;
  viewerId?: string;
  /** Administrators see hidden reviews too, marked, to restore them. */
  viewerIsAdmin?: boolean;
  limit?: number;
}): Promise<ToolReview[]> {
  const visible: SQL | undefined = viewerIsAdmin
    ? undefined
    : viewerId
      ? or(isNull(toolVotes.reviewHiddenAt), eq(toolVotes.userId, viewerId))
      : isNull(toolVotes.reviewHiddenAt);
  const order =
    sort === "helpful"
      ? [desc(helpfulCount), desc(toolVotes.reviewedAt), desc(toolVotes.id)]
      : [desc(toolVotes.reviewedAt), desc(toolVotes.id)];
  const rows = await db
    .select({
      id: toolVotes.id,
      rating: toolVotes.rating,
      review: toolVotes.review,
      usedFor: toolVotes.usedFor,
      reviewedAt: toolVotes.reviewedAt,
      authorName: publicNameSql(),
      displayName: profiles.displayName,
      helpfulCount,
      hidden: sql<boolean>`${toolVotes.reviewHiddenAt} is not null`,
      isOwn: viewerId ? sql<boolean>`${toolVotes.userId} = ${viewerId}` : sql<boolean>`false`,
      markedHelpful: viewerId
        ? sql<boolean>`exists (select 1 from ${reviewHelpfulMarks} as m where m.vote_id = ${toolVotes.id} and m.user_id = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(toolVotes)
    .leftJoin(profiles, eq(profiles.id, toolVotes.userId))
    .where(and(eq(toolVotes.toolId, toolId), isNotNull(toolVotes.review), visible))
    .orderBy(...order)
    .limit(limit);
  return rows.map((row) => ({ ...row, review: row.review!, reviewedAt: row.reviewedAt! }));
}

/** How many votes gave each star value, 5 down to 1, and how many visible reviews there are, in one statement. */
export async function readRatingDistribution({
  db,
  toolId,
}: {
  db: Database;
  toolId: string;
}): Promise<{ distribution: { stars: number; votes: number }[]; reviewCount: number }> {
  const votesWith = (stars: number) => sql<number>`count(*) filter (where ${toolVotes.rating} = ${stars})::int`;
  const [row] = await db
    .select({
      five: votesWith(5),
      four: votesWith(4),
      three: votesWith(3),
      two: votesWith(2),
      one: votesWith(1),
      reviews: sql<number>`count(*) filter (where ${toolVotes.review} is not null and ${toolVotes.reviewHiddenAt} is null)::int`,
    })
    .from(toolVotes)
    .where(eq(toolVotes.toolId, toolId));
  const counts = [row?.five, row?.four, row?.three, row?.two, row?.one];
  return {
    distribution: counts.map((votes, index) => ({ stars: 5 - index, votes: votes ?? 0 })),
    reviewCount: row?.reviews ?? 0,
  };
}
