import { and, eq, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { ratingSchema } from "~/lib/community";
import type { ReviewFields } from "~/lib/reviews-schema";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { tools, toolVotes } from "../db/schema.server";
import { writeReview } from "./reviews.server";
import { noteNewAccountVote } from "./vote-trust.server";
import { isVerifiedMaker } from "../makers/verified-makers.server";
import { MAKER_MESSAGES } from "~/lib/makers";

export type RecordedVote = { rating: number; average: number; voteCount: number };

export const TOOL_NOT_FOUND_MESSAGE = "Tool not found";

/**
 * Casts or changes the user's vote on a tool and recomputes the tool's average and vote count in
 * the same transaction. The ranking score counts the vote only once its account is a day old and
 * confirmed (decision 174); a new account's vote may open or join a burst (decision 175).
 *
 * The tool row is locked first, so every vote on one tool (by one user or many) runs one after the
 * other: each recount then reads all votes committed before it, and the stored aggregate is exact
 * under READ COMMITTED. FOR NO KEY UPDATE is the lock the aggregate update takes anyway; unlike
 * FOR UPDATE it leaves foreign key checks (a comment being posted on the tool) free to proceed.
 *
 * A bad rating (400) or an unknown tool (404) throws an AppError and writes nothing; the rating is
 * checked before the database is touched.
 *
 * A `review` with text is written on the vote in the same transaction (issue 33); without one the
 * vote keeps whatever review it had.
 */
export async function recordVote({
  db,
  userId,
  toolId,
  rating,
  review,
}: {
  db: Database;
  userId: string;
  toolId: string;
  rating: number;
  review?: ReviewFields;
}): Promise<RecordedVote> {
  const parsed = ratingSchema.safeParse(rating);
  if (!parsed.success) throw new AppError("bad-request", parsed.error.issues[0]!.message);
  // Tool ids reach us from forms; a malformed one names no tool (and would fail the uuid cast).
  if (!isUuid(toolId)) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);

  return db.transaction(async (tx) => {
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for("no key update");
    if (!tool) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
    // Issue 33: a tool's verified makers do not rate it (decision 176).
    if (await isVerifiedMaker({ db: tx, toolId, userId })) throw new AppError("forbidden", MAKER_MESSAGES.ownTool);

    const [vote] = await tx
      .insert(toolVotes)
      .values({ toolId, userId, rating: parsed.data })
      .onConflictDoUpdate({
        target: [toolVotes.toolId, toolVotes.userId],
        set: {
          rating: sql`excluded.rating`,
          updatedAt: sql`now()`,
          // excluded.counted is the insert trigger's verdict on the account now (decision 174);
          // a discounted vote or one held in a burst waits for the administrator.
          counted: sql`tool_votes.counted or (excluded.counted and tool_votes.discounted_at is null and tool_votes.burst_id is null)`,
        },
      })
      .returning({
        id: toolVotes.id,
        counted: toolVotes.counted,
        held: sql<boolean>`${toolVotes.discountedAt} is not null or ${toolVotes.burstId} is not null`,
      });
    if (review?.review) await writeReview({ db: tx, toolId, userId, review: review.review, usedFor: review.usedFor });
    if (!vote!.counted && !vote!.held) await noteNewAccountVote({ db: tx, toolId, voteId: vote!.id });

    const [aggregate] = await tx
      .update(tools)
      .set({
        rating: sql`(select round(avg(v.rating), 2) from tool_votes as v where v.tool_id = ${toolId})`,
        voteCount: sql`(select count(*) from tool_votes as v where v.tool_id = ${toolId})`,
      })
      .where(eq(tools.id, toolId))
      .returning({ rating: tools.rating, voteCount: tools.voteCount });

    return { rating: parsed.data, average: aggregate!.rating!, voteCount: aggregate!.voteCount };
  });
}

/** The member's own review as their vote form shows it. */
export type OwnReview = { id: string; review: string; usedFor: string | null; hidden: boolean };

/**
 * The user's vote on a tool, with its review when it has one (the vote form's stars and text), in
 * one read; null when they have not voted.
 */
export async function findUserVote({
  db,
  userId,
  toolId,
}: {
  db: Database;
  userId: string;
  toolId: string;
}): Promise<{ rating: number; review: OwnReview | null } | null> {
  if (!isUuid(toolId)) return null;
  const [vote] = await db
    .select({
      id: toolVotes.id,
      rating: toolVotes.rating,
      review: toolVotes.review,
      usedFor: toolVotes.usedFor,
      hidden: sql<boolean>`${toolVotes.reviewHiddenAt} is not null`,
    })
    .from(toolVotes)
    .where(and(eq(toolVotes.toolId, toolId), eq(toolVotes.userId, userId)));
  if (!vote) return null;
  const { id, rating, review, usedFor, hidden } = vote;
  return { rating, review: review ? { id, review, usedFor, hidden } : null };
}
