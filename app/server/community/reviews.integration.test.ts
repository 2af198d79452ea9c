import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AppError } from "~/lib/app-error";
import {
  moderationActions,
  reviewHelpfulMarks,
  reviewReports,
  tools,
  toolVotes,
  users,
} from "~/server/db/schema.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { countInbox, listReportedReviews } from "../moderation/inbox.server";
import { hideReview } from "../moderation/review-moderation.server";
import {
  ALREADY_HELPFUL_MESSAGE,
  deleteOwnReview,
  listToolReviews,
  markReviewHelpful,
  OWN_REVIEW_HELPFUL_MESSAGE,
  readRatingDistribution,
  reportReview,
} from "./reviews.server";
import { findUserVote, recordVote } from "./votes.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users}, ${moderationActions} cascade`);
});

async function setUp() {
  const [tool] = await insertTools(database.db, { name: "Quill" });
  const [author, reader, other] = await insertUsers(
    database.db,
    { email: "author@example.com" },
    { email: "reader@example.com" },
    { email: "other@example.com" },
  );
  return { db: database.db, toolId: tool!.id, author: author!, reader: reader!, other: other! };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : error),
  );

describe("reviews on votes", () => {
  test("one review per vote: writing again replaces the words, a plain vote keeps them", async () => {
    const { db, toolId, author } = await setUp();
    const vote = (rating: number, review?: { review: string | null; usedFor: string | null }) =>
      recordVote({ db, userId: author.id, toolId, rating, review });
    await vote(4, { review: "Drafted release notes with it.", usedFor: "Release notes" });
    await vote(5, { review: "Drafted release notes and changelogs.", usedFor: null });
    await vote(3);
    const rows = await db.select().from(toolVotes).where(eq(toolVotes.toolId, toolId));
    expect(rows.map((row) => [row.rating, row.review, row.usedFor])).toEqual([
      [3, "Drafted release notes and changelogs.", null],
    ]);
    expect((await findUserVote({ db, userId: author.id, toolId }))?.review).toMatchObject({
      review: "Drafted release notes and changelogs.",
      hidden: false,
    });
    // The database holds the bound too.
    await expect(db.update(toolVotes).set({ review: "x".repeat(2001) })).rejects.toThrow();
  });

  test("a member marks another's review helpful once, never their own, and the order follows", async () => {
    const { db, toolId, author, reader, other } = await setUp();
    await recordVote({ db, userId: author.id, toolId, rating: 5, review: { review: "First.", usedFor: null } });
    await recordVote({ db, userId: other.id, toolId, rating: 2, review: { review: "Second.", usedFor: null } });
    const own = (await listToolReviews({ db, toolId, sort: "newest" })).find((review) => review.review === "First.")!;

    expect(await refusal(markReviewHelpful({ db, userId: author.id, toolId, voteId: own.id }))).toEqual({
      code: "forbidden",
      message: OWN_REVIEW_HELPFUL_MESSAGE,
    });
    await markReviewHelpful({ db, userId: reader.id, toolId, voteId: own.id });
    expect(await refusal(markReviewHelpful({ db, userId: reader.id, toolId, voteId: own.id }))).toEqual({
      code: "conflict",
      message: ALREADY_HELPFUL_MESSAGE,
    });
    // Two marks at once by one member still make one.
    const both = await Promise.allSettled([
      markReviewHelpful({ db, userId: other.id, toolId, voteId: own.id }),
      markReviewHelpful({ db, userId: other.id, toolId, voteId: own.id }),
    ]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(await db.select().from(reviewHelpfulMarks)).toHaveLength(2);

    const helpful = await listToolReviews({ db, toolId, sort: "helpful", viewerId: reader.id });
    expect(helpful.map((review) => [review.review, review.helpfulCount, review.markedHelpful, review.isOwn])).toEqual([
      ["First.", 2, true, false],
      ["Second.", 0, false, false],
    ]);
    // A visitor's answer names nobody's marks.
    const anonymous = await listToolReviews({ db, toolId, sort: "helpful" });
    expect(anonymous.every((review) => !review.markedHelpful && !review.isOwn)).toBe(true);
  });

  test("deleting a review keeps the star vote and drops its marks and reports", async () => {
    const { db, toolId, author, reader } = await setUp();
    await recordVote({ db, userId: author.id, toolId, rating: 4, review: { review: "Useful.", usedFor: "Notes" } });
    const [review] = await listToolReviews({ db, toolId, sort: "newest" });
    await markReviewHelpful({ db, userId: reader.id, toolId, voteId: review!.id });
    await reportReview({ db, reporterId: reader.id, toolId, voteId: review!.id, reason: "spam" });

    await deleteOwnReview({ db, userId: author.id, toolId });
    const [vote] = await db.select().from(toolVotes).where(eq(toolVotes.toolId, toolId));
    expect([vote!.rating, vote!.review, vote!.usedFor, vote!.reviewedAt]).toEqual([4, null, null, null]);
    expect(await db.select().from(reviewHelpfulMarks)).toEqual([]);
    expect(await db.select().from(reviewReports)).toEqual([]);
    const [tool] = await db.select({ voteCount: tools.voteCount }).from(tools).where(eq(tools.id, toolId));
    expect(tool!.voteCount).toBe(1);
    expect(await refusal(deleteOwnReview({ db, userId: author.id, toolId }))).toMatchObject({ code: "not-found" });
  });

  test("a reported review waits in the inbox; hiding it keeps the vote and logs the decision", async () => {
    const { db, toolId, author, reader } = await setUp();
    await recordVote({ db, userId: author.id, toolId, rating: 1, review: { review: "Buy my thing.", usedFor: null } });
    const [review] = await listToolReviews({ db, toolId, sort: "newest" });
    expect(
      await refusal(reportReview({ db, reporterId: author.id, toolId, voteId: review!.id, reason: "spam" })),
    ).toMatchObject({ code: "forbidden" });
    await reportReview({ db, reporterId: reader.id, toolId, voteId: review!.id, reason: "spam", note: "An advert" });
    expect(
      await refusal(reportReview({ db, reporterId: reader.id, toolId, voteId: review!.id, reason: "abuse" })),
    ).toMatchObject({ code: "conflict" });
    expect((await countInbox({ db })).reportedReviews).toBe(1);
    expect((await listReportedReviews({ db })).map((item) => [item.review, item.reportCount])).toEqual([
      ["Buy my thing.", 1],
    ]);

    await hideReview({ db, voteId: review!.id, moderator: { id: reader.id, name: "Moderator" } });
    expect((await countInbox({ db })).reportedReviews).toBe(0);
    expect(await listToolReviews({ db, toolId, sort: "helpful" })).toEqual([]);
    expect((await listToolReviews({ db, toolId, sort: "helpful", viewerId: author.id }))[0]).toMatchObject({
      hidden: true,
      isOwn: true,
    });
    const distribution = await readRatingDistribution({ db, toolId });
    expect(distribution).toEqual({
      distribution: [
        { stars: 5, votes: 0 },
        { stars: 4, votes: 0 },
        { stars: 3, votes: 0 },
        { stars: 2, votes: 0 },
        { stars: 1, votes: 1 },
      ],
      reviewCount: 0,
    });
    const log = await db.select().from(moderationActions);
    expect(log.map((entry) => [entry.action, entry.subjectId])).toEqual([["review-hidden", review!.id]]);
    // A hidden review can no longer be marked helpful.
    expect(await refusal(markReviewHelpful({ db, userId: reader.id, toolId, voteId: review!.id }))).toMatchObject({
      code: "not-found",
    });
  });
});
