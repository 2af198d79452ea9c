import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { comments, tools, toolVotes } from "~/server/db/schema.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { insertTools } from "../../tests/setup/fixtures";
import { createSignedInUser, createTestServices, type TestServices } from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { loadToolPage, postToToolPage } from "../../tests/setup/tool-page";
import { GENERATED_NAME } from "../../tests/setup/public-names";

// The tool page's action as the browser reaches it: real requests, real sessions, a fresh database.

let database: TestDatabase;
let services: TestServices;
let toolSlug: string;
let toolId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, rate_limits cascade`);
  const [tool] = await insertTools(database.db, { name: "Quill Writer" });
  toolSlug = tool!.slug;
  toolId = tool!.id;
});

/** The action's answer: success data, or a returned failure (status and the ActionResult `{ ok, form, formError, code }`). */
function post(
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string | null; slug?: string } = {},
) {
  return postToToolPage(services, options.slug ?? toolSlug, fields, options);
}

/** Runs `body` while a table is renamed away: every query touching it fails as in an outage. */
async function withTableMissing(table: "tool_votes" | "comments", body: () => Promise<void>) {
  await database.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
  try {
    await body();
  } finally {
    await database.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
  }
}

const loadPage = (cookie?: string) => loadToolPage(services, toolSlug, cookie);

async function toolRow() {
  const [row] = await database.db
    .select({ rating: tools.rating, voteCount: tools.voteCount })
    .from(tools)
    .where(eq(tools.id, toolId));
  return row!;
}

let userCounter = 0;
const newUser = () => createSignedInUser(services, `voter${++userCounter}@example.com`);

describe("votes", () => {
  it("a first vote creates it, a later one changes it, and the average follows in the same request", async () => {
    const user = await newUser();
    const invalidationsBefore = services.invalidations();
    expect(await post({ intent: "vote", rating: "4" }, { cookie: user.cookie })).toMatchObject({
      status: 200,
      ok: true,
    });
    expect(await toolRow()).toEqual({ rating: 4, voteCount: 1 });
    expect(await post({ intent: "vote", rating: "2" }, { cookie: user.cookie })).toMatchObject({ ok: true });
    expect(await toolRow()).toEqual({ rating: 2, voteCount: 1 });
    expect(services.invalidations()).toBe(invalidationsBefore + 2);
    // Only what shows the tool or the member is purged (decision 096).
    expect(services.purges().at(-1)).toEqual([`tool:${toolId}`, `member:${user.id}`]);

    // The page shows the user's own rating to them, and nothing to a visitor.
    const page = await loadPage(user.cookie);
    expect(page.myRating).toBe(2);
    expect(page.tool).toMatchObject({ rating: 2, voteCount: 1 });
  });

  it("signed out: 'Please sign in to vote for tools', nothing written", async () => {
    expect(await post({ intent: "vote", rating: "5" })).toMatchObject({
      status: 401,
      code: "unauthorized",
      formError: "Please sign in to vote for tools",
    });
    expect(await toolRow()).toEqual({ rating: null, voteCount: 0 });
  });

  it.each(["0", "6", "3.5", "abc", "", "-1", "1e1"])(
    "refuses the rating %j with a clear error and writes nothing",
    async (rating) => {
      const user = await newUser();
      expect(await post({ intent: "vote", rating }, { cookie: user.cookie })).toMatchObject({
        status: 400,
        formError: "Rating must be a whole number from 1 to 5",
      });
      expect(await database.db.select().from(toolVotes)).toHaveLength(0);
    },
  );

  it("an unknown tool is a 404 and writes nothing", async () => {
    const user = await newUser();
    expect(await post({ intent: "vote", rating: "3" }, { cookie: user.cookie, slug: "no-such-tool" })).toMatchObject({
      status: 404,
    });
    expect(await database.db.select().from(toolVotes)).toHaveLength(0);
  });

  it("50 concurrent votes by one user end as one vote with one of the sent ratings", async () => {
    const user = await newUser();
    const ratings = Array.from({ length: 50 }, (_, index) => String((index % 5) + 1));
    const results = await Promise.all(
      ratings.map((rating) => post({ intent: "vote", rating }, { cookie: user.cookie })),
    );
    expect(results.every((result) => result.ok)).toBe(true);
    const votes = await database.db.select().from(toolVotes).where(eq(toolVotes.toolId, toolId));
    expect(votes).toHaveLength(1);
    expect(await toolRow()).toEqual({ rating: votes[0]!.rating, voteCount: 1 });
  });

  it("is rate-limited per user", async () => {
    const user = await newUser();
    const other = await newUser();
    for (let attempt = 0; attempt < RATE_LIMITS.vote.limit; attempt += 1) {
      expect(await post({ intent: "vote", rating: "3" }, { cookie: user.cookie })).toMatchObject({ ok: true });
    }
    const refused = await post({ intent: "vote", rating: "5" }, { cookie: user.cookie });
    expect(refused).toMatchObject({ status: 429, form: "vote", code: "rate-limited" });
    expect(refused).toMatchObject({ formError: expect.stringMatching(/^Too many attempts/) });
    expect(await toolRow()).toEqual({ rating: 3, voteCount: 1 });
    expect(await post({ intent: "vote", rating: "5" }, { cookie: other.cookie })).toMatchObject({ ok: true });
  });
});

describe("comments", () => {
  it("posts plain text, trimmed, newest first with the author's generated name (no display name chosen)", async () => {
    const user = await newUser();
    expect(await post({ intent: "comment", content: "  First!  " }, { cookie: user.cookie })).toMatchObject({
      ok: true,
    });
    expect(
      await post({ intent: "comment", content: "<script>alert(1)</script>" }, { cookie: user.cookie }),
    ).toMatchObject({ ok: true });
    const page = await loadPage();
    expect(page.comments.map((comment) => comment.content)).toEqual(["<script>alert(1)</script>", "First!"]);
    // A generated name, never the address's local part (decision 147).
    expect(page.comments[0]!.authorName).toMatch(GENERATED_NAME);
    expect(page.comments[0]!.displayName).toBe(page.comments[0]!.authorName);
  });

  it("signed out: 'Please sign in to comment'", async () => {
    expect(await post({ intent: "comment", content: "Hello" })).toMatchObject({
      status: 401,
      formError: "Please sign in to comment",
    });
    expect(await database.db.select().from(comments)).toHaveLength(0);
  });

  it("refuses blank and over-long text and accepts exactly 2,000 characters", async () => {
    const user = await newUser();
    expect(await post({ intent: "comment", content: "   " }, { cookie: user.cookie })).toMatchObject({
      status: 400,
      formError: "Comment cannot be empty",
    });
    expect(await post({ intent: "comment", content: "x".repeat(2001) }, { cookie: user.cookie })).toMatchObject({
      status: 400,
      formError: "Comment must be at most 2,000 characters",
    });
    expect(await post({ intent: "comment", content: "x".repeat(2000) }, { cookie: user.cookie })).toMatchObject({
      ok: true,
    });
    expect(await database.db.select().from(comments)).toHaveLength(1);
  });

  it("is rate-limited per user", async () => {
    const user = await newUser();
    for (let attempt = 0; attempt < RATE_LIMITS.comment.limit; attempt += 1) {
      expect(await post({ intent: "comment", content: `Note ${attempt}` }, { cookie: user.cookie })).toMatchObject({
        ok: true,
      });
    }
    expect(await post({ intent: "comment", content: "One more" }, { cookie: user.cookie })).toMatchObject({
      status: 429,
    });
    expect(await database.db.select().from(comments)).toHaveLength(RATE_LIMITS.comment.limit);
  });
});

describe("reviews", () => {
  it("a vote carries a review; another member marks it helpful once; the author cannot; every visitor reads the same page", async () => {
    const [author, reader] = [await newUser(), await newUser()];
    const review = {
      intent: "vote",
      rating: "5",
      review: "  Drafted our newsletter with it.  ",
      usedFor: "Newsletter",
    };
    expect(await post(review, { cookie: author.cookie })).toMatchObject({ status: 200, ok: true, form: "vote" });
    expect(services.purges().at(-1)).toEqual([`tool:${toolId}`, `member:${author.id}`]);
    // A plain star vote afterwards keeps the words.
    expect(await post({ intent: "vote", rating: "4" }, { cookie: author.cookie })).toMatchObject({ ok: true });

    const visitor = await loadPage();
    expect(visitor.ratings.distribution.map((row) => row.votes)).toEqual([0, 1, 0, 0, 0]);
    expect(visitor.reviews).toMatchObject([
      { rating: 4, review: "Drafted our newsletter with it.", usedFor: "Newsletter", helpfulCount: 0, isOwn: false },
    ]);
    const reviewId = visitor.reviews[0]!.id;
    expect((await loadPage(author.cookie)).myReview).toMatchObject({ review: "Drafted our newsletter with it." });

    expect(await post({ intent: "mark-helpful", reviewId }, { cookie: author.cookie })).toMatchObject({
      status: 403,
      formError: "You cannot mark your own review as helpful.",
    });
    expect(await post({ intent: "mark-helpful", reviewId }, { cookie: reader.cookie })).toMatchObject({ ok: true });
    expect(await post({ intent: "mark-helpful", reviewId }, { cookie: reader.cookie })).toMatchObject({
      status: 409,
      formError: "You have already marked this review as helpful.",
    });
    expect((await loadPage(reader.cookie)).reviews[0]).toMatchObject({ helpfulCount: 1, markedHelpful: true });
    expect((await loadPage()).reviews[0]).toMatchObject({ helpfulCount: 1, markedHelpful: false });

    expect(await post({ intent: "delete-review" }, { cookie: author.cookie })).toMatchObject({ ok: true });
    expect((await loadPage()).reviews).toEqual([]);
    expect(await toolRow()).toEqual({ rating: 4, voteCount: 1 });
  });

  it("refuses an over-long review with the spec's vote text and writes nothing", async () => {
    const user = await newUser();
    const answer = await post({ intent: "vote", rating: "5", review: "x".repeat(2001) }, { cookie: user.cookie });
    expect(answer).toMatchObject({ status: 400, form: "vote", formError: "Review must be at most 2,000 characters" });
    expect(await toolRow()).toEqual({ rating: null, voteCount: 0 });
  });
});

describe("forgery", () => {
  it.each([
    ["another site's Origin", { origin: "http://evil.example" }],
    ["no Origin and no Referer", { origin: null }],
  ])("refuses a signed-in vote and comment with %s, writing nothing", async (_label, options) => {
    const user = await newUser();
    const forged: Record<string, string>[] = [
      { intent: "vote", rating: "5" },
      { intent: "comment", content: "Forged" },
    ];
    for (const fields of forged) {
      const thrown = await post(fields, { cookie: user.cookie, ...options }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(403);
      expect(await (thrown as Response).json()).toEqual({
        error: "This request did not come from this site.",
        code: "cross-site",
      });
    }
    expect(await database.db.select().from(toolVotes)).toHaveLength(0);
    expect(await database.db.select().from(comments)).toHaveLength(0);
  });

  it("an unknown intent is a 400", async () => {
    const user = await newUser();
    expect(await post({ intent: "delete-everything" }, { cookie: user.cookie })).toMatchObject({
      status: 400,
      ok: false,
      code: "bad-request",
      formError: "Unknown action",
    });
  });
});

describe("failures that keep the page", () => {
  it("a database failure while voting answers the spec's text with the intent, writes nothing and is not thrown", async () => {
    const user = await newUser();
    await withTableMissing("tool_votes", async () => {
      expect(await post({ intent: "vote", rating: "4" }, { cookie: user.cookie })).toEqual({
        status: 500,
        ok: false,
        form: "vote",
        code: "internal",
        formError: "Failed to record your vote. Please try again.",
      });
    });
    expect(await toolRow()).toEqual({ rating: null, voteCount: 0 });
  });

  it("a database failure while commenting answers the spec's text with the intent and is not thrown", async () => {
    const user = await newUser();
    await withTableMissing("comments", async () => {
      expect(await post({ intent: "comment", content: "Hello" }, { cookie: user.cookie })).toEqual({
        status: 500,
        ok: false,
        form: "comment",
        code: "internal",
        formError: "Failed to post your comment. Please try again.",
      });
    });
    expect(await database.db.select().from(comments)).toHaveLength(0);
  });

  it("a failed read of the signed-in user's own vote renders the page with no vote", async () => {
    const user = await newUser();
    await post({ intent: "vote", rating: "4" }, { cookie: user.cookie });
    await withTableMissing("tool_votes", async () => {
      const page = await loadPage(user.cookie);
      expect(page.myRating).toBeNull();
      expect(page.tool).toMatchObject({ rating: 4, voteCount: 1 });
    });
    expect((await loadPage(user.cookie)).myRating).toBe(4);
  });
});
