import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ToolComment } from "~/server/community/comments.server";
import {
  EDIT_WINDOW_PASSED_MESSAGE,
  HIDDEN_COMMENT_EDIT_MESSAGE,
  NOT_YOUR_COMMENT_MESSAGE,
} from "~/server/community/comments.server";
import {
  commentReports,
  comments,
  listingReports,
  moderationActions,
  profiles,
  tools,
} from "~/server/db/schema.server";
import {
  ALREADY_REPORTED_COMMENT_MESSAGE,
  ALREADY_REPORTED_LISTING_MESSAGE,
  OWN_COMMENT_REPORT_MESSAGE,
} from "~/server/moderation/reports.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { insertTools } from "../../tests/setup/fixtures";
import {
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { loadToolPage, postToToolPage } from "../../tests/setup/tool-page";
import { GENERATED_NAME } from "../../tests/setup/public-names";

// Issue 15 on the tool page: members edit, delete and report comments and report the listing;
// administrators hide, restore and delete comments. Real requests, real sessions, a fresh database.

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
  await database.db.execute(sql`truncate table ${tools}, ${moderationActions}, rate_limits cascade`);
  const [tool] = await insertTools(database.db, { name: "Quill Writer" });
  toolSlug = tool!.slug;
  toolId = tool!.id;
});

const post = (fields: Record<string, string>, options: { cookie?: string; origin?: string | null } = {}) =>
  postToToolPage(services, toolSlug, fields, options);

/** The comments the tool page sends to this reader (no cookie: a signed-out visitor). */
const pageComments = async (cookie?: string) => (await loadToolPage(services, toolSlug, cookie)).comments;

let userCounter = 0;
const newMember = () => createSignedInUser(services, `member${++userCounter}@example.com`);
const newAdmin = () => createSignedInAdmin(services, `admin${++userCounter}@example.com`);
type Member = Awaited<ReturnType<typeof newMember>>;

/** Posts a comment through the page and answers its id. */
async function commentBy(member: Member, content = "Useful for drafts.") {
  expect(await post({ intent: "comment", content }, { cookie: member.cookie })).toMatchObject({ ok: true });
  const [row] = await database.db
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.content, content))
    .orderBy(sql`${comments.createdAt} desc`)
    .limit(1);
  return row!.id;
}

async function commentRow(commentId: string) {
  const [row] = await database.db.select().from(comments).where(eq(comments.id, commentId));
  return row;
}

/** Moves a comment's posting time back, as if it had been posted that long ago. */
async function agePosting(commentId: string, minutes: number) {
  await database.db.execute(
    sql`update comments set created_at = now() - make_interval(mins => ${minutes}::int) where id = ${commentId}`,
  );
}

describe("editing one's own comment", () => {
  it("within 15 minutes: the text changes, the comment is marked edited, and cached pages are dropped", async () => {
    const author = await newMember();
    const commentId = await commentBy(author, "First thoughts.");
    const invalidations = services.invalidations();
    expect(
      await post({ intent: "edit-comment", commentId, content: "  Second thoughts.  " }, { cookie: author.cookie }),
    ).toEqual({ status: 200, ok: true, form: "edit-comment" });
    expect(services.invalidations()).toBe(invalidations + 1);

    const [mine] = await pageComments(author.cookie);
    expect(mine).toMatchObject({ content: "Second thoughts.", isOwn: true, canEdit: true, hidden: false });
    expect(mine!.editedAt).toBeInstanceOf(Date);
    // A visitor sees the new text marked edited, with nothing to change.
    const [seen] = await pageComments();
    expect(seen).toMatchObject({ content: "Second thoughts.", isOwn: false, canEdit: false });
    expect(seen!.editedAt).toEqual(mine!.editedAt);
  });

  it("saving the same text leaves it unmarked", async () => {
    const author = await newMember();
    const commentId = await commentBy(author, "Unchanged.");
    expect(
      await post({ intent: "edit-comment", commentId, content: "Unchanged." }, { cookie: author.cookie }),
    ).toMatchObject({
      ok: true,
    });
    expect((await commentRow(commentId))!.editedAt).toBeNull();
  });

  it("past 15 minutes: refused with a clear message, nothing changed, and the page offers no edit", async () => {
    const author = await newMember();
    const commentId = await commentBy(author, "Posted a while ago.");
    await agePosting(commentId, 16);
    expect(await post({ intent: "edit-comment", commentId, content: "Too late" }, { cookie: author.cookie })).toEqual({
      status: 403,
      form: "edit-comment",
      ok: false,
      values: { commentId },
      code: "forbidden",
      formError: EDIT_WINDOW_PASSED_MESSAGE,
    });
    expect(await commentRow(commentId)).toMatchObject({ content: "Posted a while ago.", editedAt: null });
    expect((await pageComments(author.cookie))[0]).toMatchObject({ isOwn: true, canEdit: false });

    // Just inside the window it still works.
    const recent = await commentBy(author, "Posted recently.");
    await agePosting(recent, 14);
    expect((await pageComments(author.cookie)).find((comment) => comment.id === recent)!.canEdit).toBe(true);
    expect(
      await post({ intent: "edit-comment", commentId: recent, content: "Edited" }, { cookie: author.cookie }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("validates the text as a new comment's is", async () => {
    const author = await newMember();
    const commentId = await commentBy(author, "Fine.");
    expect(await post({ intent: "edit-comment", commentId, content: "   " }, { cookie: author.cookie })).toMatchObject({
      status: 400,
      formError: "Comment cannot be empty",
    });
    expect(
      await post({ intent: "edit-comment", commentId, content: "x".repeat(2001) }, { cookie: author.cookie }),
    ).toMatchObject({ status: 400, formError: "Comment must be at most 2,000 characters" });
    expect(await commentRow(commentId)).toMatchObject({ content: "Fine.", editedAt: null });
  });
});

describe("another member's comment", () => {
  it("cannot be edited or deleted by someone else: 403 and nothing changes", async () => {
    const author = await newMember();
    const other = await newMember();
    const commentId = await commentBy(author, "Mine alone.");
    const invalidations = services.invalidations();
    expect(
      await post({ intent: "edit-comment", commentId, content: "Hijacked" }, { cookie: other.cookie }),
    ).toMatchObject({
      status: 403,
      code: "forbidden",
      formError: NOT_YOUR_COMMENT_MESSAGE,
    });
    expect(await post({ intent: "delete-comment", commentId }, { cookie: other.cookie })).toMatchObject({
      status: 403,
      formError: NOT_YOUR_COMMENT_MESSAGE,
    });
    expect(await commentRow(commentId)).toMatchObject({ content: "Mine alone.", editedAt: null });
    expect(services.invalidations()).toBe(invalidations);
    // Nor does the page offer it.
    expect((await pageComments(other.cookie))[0]).toMatchObject({ isOwn: false, canEdit: false });
  });

  it("an unknown or malformed comment id is a 404", async () => {
    const member = await newMember();
    for (const commentId of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect(await post({ intent: "delete-comment", commentId }, { cookie: member.cookie })).toMatchObject({
        status: 404,
      });
      expect(
        await post({ intent: "report-comment", commentId, reason: "spam" }, { cookie: member.cookie }),
      ).toMatchObject({
        status: 404,
      });
    }
  });
});

describe("deleting one's own comment", () => {
  it("works at any time and takes its reports with it", async () => {
    const author = await newMember();
    const reporter = await newMember();
    const commentId = await commentBy(author, "Regrettable.");
    await agePosting(commentId, 60 * 24);
    expect(
      await post({ intent: "report-comment", commentId, reason: "off-topic" }, { cookie: reporter.cookie }),
    ).toMatchObject({
      ok: true,
    });
    const invalidations = services.invalidations();
    expect(await post({ intent: "delete-comment", commentId }, { cookie: author.cookie })).toEqual({
      status: 200,
      form: "delete-comment",
      ok: true,
    });
    expect(services.invalidations()).toBe(invalidations + 1);
    expect(await commentRow(commentId)).toBeUndefined();
    expect(await database.db.select().from(commentReports)).toHaveLength(0);
    expect(await pageComments()).toEqual([]);
  });
});

describe("reporting a comment", () => {
  it("once per member: a second report is refused and changes nothing; the page reads the same", async () => {
    const author = await newMember();
    const reporter = await newMember();
    const commentId = await commentBy(author, "Buy cheap pills.");
    const invalidations = services.invalidations();
    expect(
      await post(
        { intent: "report-comment", commentId, reason: "spam", note: "  A link farm.  " },
        { cookie: reporter.cookie },
      ),
    ).toEqual({ status: 200, ok: true, form: "report-comment" });
    expect(
      await post({ intent: "report-comment", commentId, reason: "abuse", note: "Again" }, { cookie: reporter.cookie }),
    ).toMatchObject({ status: 409, code: "conflict", formError: ALREADY_REPORTED_COMMENT_MESSAGE });

    const reports = await database.db.select().from(commentReports);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      commentId,
      reporterId: reporter.id,
      reason: "spam",
      note: "A link farm.",
      resolvedAt: null,
    });
    // A report reaches administrators only: no cached page changes.
    expect(services.invalidations()).toBe(invalidations);

    // Another member may report it too.
    const second = await newMember();
    expect(
      await post({ intent: "report-comment", commentId, reason: "spam" }, { cookie: second.cookie }),
    ).toMatchObject({
      ok: true,
    });
    expect((await database.db.select().from(commentReports))[1]).toMatchObject({ note: null });
  });

  it("one's own comment cannot be reported", async () => {
    const author = await newMember();
    const commentId = await commentBy(author);
    expect(
      await post({ intent: "report-comment", commentId, reason: "spam" }, { cookie: author.cookie }),
    ).toMatchObject({
      status: 403,
      formError: OWN_COMMENT_REPORT_MESSAGE,
    });
    expect(await database.db.select().from(commentReports)).toHaveLength(0);
  });

  it("refuses an unknown reason and an over-long note", async () => {
    const reporter = await newMember();
    const commentId = await commentBy(await newMember());
    expect(
      await post({ intent: "report-comment", commentId, reason: "boring" }, { cookie: reporter.cookie }),
    ).toMatchObject({
      status: 400,
      formError: "Choose a reason for your report",
    });
    expect(await post({ intent: "report-comment", commentId }, { cookie: reporter.cookie })).toMatchObject({
      status: 400,
    });
    expect(
      await post(
        { intent: "report-comment", commentId, reason: "other", note: "x".repeat(501) },
        { cookie: reporter.cookie },
      ),
    ).toMatchObject({ status: 400, formError: "The note must be at most 500 characters" });
    expect(
      await post(
        { intent: "report-comment", commentId, reason: "other", note: "x".repeat(500) },
        { cookie: reporter.cookie },
      ),
    ).toMatchObject({ ok: true });
  });
});

describe("reporting the listing", () => {
  it("one open report per member, tool and reason; another reason, or after it was resolved, is a new one", async () => {
    const member = await newMember();
    const report = (fields: Record<string, string>) =>
      post({ intent: "report-listing", ...fields }, { cookie: member.cookie });
    expect(await report({ reason: "dead-link", note: "The site answers 404." })).toEqual({
      status: 200,
      form: "report-listing",
      ok: true,
    });
    expect(await report({ reason: "dead-link" })).toMatchObject({
      status: 409,
      formError: ALREADY_REPORTED_LISTING_MESSAGE,
    });
    expect(await report({ reason: "wrong-information", note: "Pricing changed." })).toMatchObject({ ok: true });
    await database.db
      .update(listingReports)
      .set({ resolvedAt: new Date() })
      .where(eq(listingReports.reason, "dead-link"));
    expect(await report({ reason: "dead-link", note: "Down again." })).toMatchObject({ ok: true });

    const rows = await database.db.select().from(listingReports).orderBy(listingReports.createdAt);
    expect(rows.map((row) => [row.toolId, row.reporterId, row.reason, row.note])).toEqual([
      [toolId, member.id, "dead-link", "The site answers 404."],
      [toolId, member.id, "wrong-information", "Pricing changed."],
      [toolId, member.id, "dead-link", "Down again."],
    ]);
  });

  it("signed out: a prompt to sign in, nothing written", async () => {
    expect(await post({ intent: "report-listing", reason: "spam" })).toEqual({
      status: 401,
      ok: false,
      form: "report-listing",
      code: "unauthorized",
      formError: "Please sign in to report a problem",
    });
    expect(await database.db.select().from(listingReports)).toHaveLength(0);
  });

  it("refuses an unknown reason", async () => {
    const member = await newMember();
    expect(await post({ intent: "report-listing", reason: "ugly" }, { cookie: member.cookie })).toMatchObject({
      status: 400,
      formError: "Choose a reason for your report",
    });
  });
});

describe("rate limits", () => {
  it("edits and deletes share the comment-change allowance per member", async () => {
    const author = await newMember();
    const commentId = await commentBy(author, "Version 0");
    for (let attempt = 1; attempt <= RATE_LIMITS.commentChange.limit; attempt += 1) {
      expect(
        await post({ intent: "edit-comment", commentId, content: `Version ${attempt}` }, { cookie: author.cookie }),
      ).toMatchObject({ ok: true });
    }
    const refused = await post({ intent: "delete-comment", commentId }, { cookie: author.cookie });
    expect(refused).toMatchObject({ status: 429, code: "rate-limited", form: "delete-comment" });
    expect(refused).toMatchObject({ formError: expect.stringMatching(/^Too many attempts/) });
    expect(await commentRow(commentId)).toMatchObject({ content: `Version ${RATE_LIMITS.commentChange.limit}` });
  });

  it("reports of comments and listings share the report allowance, refused ones included", async () => {
    const member = await newMember();
    const commentId = await commentBy(await newMember());
    expect(
      await post({ intent: "report-comment", commentId, reason: "spam" }, { cookie: member.cookie }),
    ).toMatchObject({
      ok: true,
    });
    for (let attempt = 1; attempt < RATE_LIMITS.report.limit; attempt += 1) {
      expect(
        await post({ intent: "report-comment", commentId, reason: "spam" }, { cookie: member.cookie }),
      ).toMatchObject({
        status: 409,
      });
    }
    expect(await post({ intent: "report-listing", reason: "spam" }, { cookie: member.cookie })).toMatchObject({
      status: 429,
      code: "rate-limited",
    });
    expect(await database.db.select().from(listingReports)).toHaveLength(0);
    // Another member is not affected.
    expect(
      await post({ intent: "report-listing", reason: "spam" }, { cookie: (await newMember()).cookie }),
    ).toMatchObject({
      ok: true,
    });
  });
});

describe("moderation on the tool page", () => {
  it("hidden: gone for visitors and other members, marked for its author and administrators; restored: back", async () => {
    const author = await newMember();
    const other = await newMember();
    const admin = await newAdmin();
    const hiddenId = await commentBy(author, "Something rude.");
    await commentBy(other, "Something kind.");
    await post({ intent: "report-comment", commentId: hiddenId, reason: "abuse" }, { cookie: other.cookie });

    const invalidations = services.invalidations();
    expect(await post({ intent: "hide-comment", commentId: hiddenId }, { cookie: admin.cookie })).toEqual({
      status: 200,
      form: "hide-comment",
      ok: true,
    });
    expect(services.invalidations()).toBe(invalidations + 1);

    const contents = (list: ToolComment[]) => list.map((comment) => [comment.content, comment.hidden]);
    expect(contents(await pageComments())).toEqual([["Something kind.", false]]);
    expect(contents(await pageComments(other.cookie))).toEqual([["Something kind.", false]]);
    const authorView = await pageComments(author.cookie);
    expect(contents(authorView)).toEqual([
      ["Something kind.", false],
      ["Something rude.", true],
    ]);
    // Hidden, the author may delete it but no longer edit it.
    expect(authorView[1]).toMatchObject({ isOwn: true, canEdit: false });
    expect(contents(await pageComments(admin.cookie))).toEqual([
      ["Something kind.", false],
      ["Something rude.", true],
    ]);

    // The decision closed the report and is in the log.
    expect((await database.db.select().from(commentReports))[0]!.resolvedAt).toBeInstanceOf(Date);
    expect(await database.db.select({ action: moderationActions.action }).from(moderationActions)).toEqual([
      { action: "comment-hidden" },
    ]);

    // What the others cannot see they cannot act on.
    expect(
      await post(
        { intent: "report-comment", commentId: hiddenId, reason: "spam" },
        { cookie: (await newMember()).cookie },
      ),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await post({ intent: "edit-comment", commentId: hiddenId, content: "Sorry" }, { cookie: other.cookie }),
    ).toMatchObject({
      status: 404,
    });
    expect(
      await post({ intent: "edit-comment", commentId: hiddenId, content: "Nicer now" }, { cookie: author.cookie }),
    ).toMatchObject({
      status: 403,
      formError: HIDDEN_COMMENT_EDIT_MESSAGE,
    });

    expect(await post({ intent: "restore-comment", commentId: hiddenId }, { cookie: admin.cookie })).toMatchObject({
      ok: true,
    });
    expect(contents(await pageComments())).toEqual([
      ["Something kind.", false],
      ["Something rude.", false],
    ]);
  });

  it("an administrator hides a review and restores it on the page; the star vote counts throughout", async () => {
    const author = await newMember();
    const admin = await newAdmin();
    expect(
      await post({ intent: "vote", rating: "2", review: "Crashed twice a day." }, { cookie: author.cookie }),
    ).toMatchObject({ ok: true });
    const reviews = async (cookie?: string) =>
      (await loadToolPage(services, toolSlug, cookie)).reviews.map((review) => [review.review, review.hidden]);
    const reviewId = (await loadToolPage(services, toolSlug)).reviews[0]!.id;

    // Posted from another tool's page, the review is not found there, and stays.
    const [other] = await insertTools(database.db, { name: "Other Writer" });
    expect(
      await postToToolPage(services, other!.slug, { intent: "hide-review", reviewId }, { cookie: admin.cookie }),
    ).toMatchObject({ status: 404, formError: "Review not found" });
    // A member cannot: 403, nothing changes.
    for (const intent of ["hide-review", "restore-review"])
      expect(await post({ intent, reviewId }, { cookie: author.cookie })).toMatchObject({
        status: 403,
        formError: "Administrator access required",
      });
    expect(await reviews()).toEqual([["Crashed twice a day.", false]]);

    const invalidations = services.invalidations();
    expect(await post({ intent: "hide-review", reviewId }, { cookie: admin.cookie })).toEqual({
      status: 200,
      form: "hide-review",
      ok: true,
    });
    expect(services.invalidations()).toBe(invalidations + 1);
    expect(await reviews()).toEqual([]);
    expect(await reviews(author.cookie)).toEqual([["Crashed twice a day.", true]]);
    // The administrator still sees it, marked, to restore it.
    expect(await reviews(admin.cookie)).toEqual([["Crashed twice a day.", true]]);

    expect(await post({ intent: "restore-review", reviewId }, { cookie: admin.cookie })).toMatchObject({
      ok: true,
      form: "restore-review",
    });
    expect(await reviews()).toEqual([["Crashed twice a day.", false]]);
    // Restoring a visible review changes nothing and logs nothing.
    expect(await post({ intent: "restore-review", reviewId }, { cookie: admin.cookie })).toMatchObject({ ok: true });
    expect(
      await database.db
        .select({ action: moderationActions.action })
        .from(moderationActions)
        .orderBy(moderationActions.createdAt),
    ).toEqual([{ action: "review-hidden" }, { action: "review-restored" }]);
    const [tool] = await database.db
      .select({ rating: tools.rating, voteCount: tools.voteCount })
      .from(tools)
      .where(eq(tools.id, toolId));
    expect(tool).toEqual({ rating: 2, voteCount: 1 });
  });

  it("an administrator deletes anyone's comment, and the log keeps what it said", async () => {
    const author = await newMember();
    const admin = await newAdmin();
    const commentId = await commentBy(author, "Off-topic rant.");
    expect(await post({ intent: "moderate-delete-comment", commentId }, { cookie: admin.cookie })).toMatchObject({
      ok: true,
    });
    expect(await commentRow(commentId)).toBeUndefined();
    const [logged] = await database.db.select().from(moderationActions);
    expect(logged).toMatchObject({ action: "comment-deleted", subjectId: commentId, actorId: admin.id });
    expect(logged!.summary).toContain("Off-topic rant.");
  });

  it.each(["hide-comment", "restore-comment", "moderate-delete-comment"])(
    "a member posting %s is refused with 403 and nothing changes",
    async (intent) => {
      const author = await newMember();
      const commentId = await commentBy(author, "Stays as it is.");
      const invalidations = services.invalidations();
      for (const cookie of [author.cookie, (await newMember()).cookie]) {
        expect(await post({ intent, commentId }, { cookie })).toEqual({
          status: 403,
          form: intent,
          ok: false,
          values: { commentId },
          code: "forbidden",
          formError: "Administrator access required",
        });
      }
      expect(await commentRow(commentId)).toMatchObject({ content: "Stays as it is.", hiddenAt: null });
      expect(await database.db.select().from(moderationActions)).toHaveLength(0);
      expect(services.invalidations()).toBe(invalidations);
    },
  );

  it.each([
    ["edit-comment", "Please sign in to edit your comment"],
    ["delete-comment", "Please sign in to delete your comment"],
    ["report-comment", "Please sign in to report a comment"],
    ["hide-comment", "Please sign in as an administrator to moderate comments"],
    ["hide-review", "Please sign in as an administrator to moderate reviews"],
  ])("signed out, %s answers 401 %j", async (intent, error) => {
    const commentId = await commentBy(await newMember(), "Untouched.");
    expect(await post({ intent, commentId, content: "x", reason: "spam" })).toMatchObject({
      status: 401,
      formError: error,
    });
    expect(await commentRow(commentId)).toMatchObject({ content: "Untouched.", hiddenAt: null });
  });
});

describe("forgery", () => {
  it.each([
    ["another site's Origin", { origin: "http://evil.example" }],
    ["no Origin and no Referer", { origin: null }],
  ])("refuses every new intent with %s, changing nothing", async (_label, options) => {
    const author = await newMember();
    const admin = await newAdmin();
    const commentId = await commentBy(author, "Keep me.");
    const forged: [string, Record<string, string>][] = [
      [author.cookie, { intent: "edit-comment", commentId, content: "Forged" }],
      [author.cookie, { intent: "delete-comment", commentId }],
      [admin.cookie, { intent: "report-comment", commentId, reason: "spam" }],
      [admin.cookie, { intent: "report-listing", reason: "spam" }],
      [admin.cookie, { intent: "hide-comment", commentId }],
      [admin.cookie, { intent: "moderate-delete-comment", commentId }],
    ];
    for (const [cookie, fields] of forged) {
      const thrown = await post(fields, { cookie, ...options }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(403);
    }
    expect(await commentRow(commentId)).toMatchObject({ content: "Keep me.", hiddenAt: null, editedAt: null });
    expect(await database.db.select().from(commentReports)).toHaveLength(0);
    expect(await database.db.select().from(listingReports)).toHaveLength(0);
  });
});

describe("what the page says about authors", () => {
  it("shows the chosen display name, else the generated one (both linked by the page), and never an email", async () => {
    const named = await newMember();
    const unnamed = await newMember();
    await database.db.update(profiles).set({ displayName: "Quill_Fan" }).where(eq(profiles.id, named.id));
    await commentBy(unnamed, "Without a name.");
    await commentBy(named, "With a name.");
    const list = await pageComments();
    const generated = expect.stringMatching(GENERATED_NAME);
    expect(list.map((comment) => [comment.authorName, comment.displayName])).toEqual([
      ["Quill_Fan", "Quill_Fan"],
      [generated, generated],
    ]);
    const answer = JSON.stringify(await pageComments(named.cookie));
    expect(answer).not.toContain("@example.com");
    expect(answer).not.toContain(`"${unnamed.email.split("@")[0]}"`);
  });

  it("a visitor's answer carries nothing about any viewer", async () => {
    const author = await newMember();
    await commentBy(author, "Cached for all.");
    const [seen] = await pageComments();
    expect(seen).toMatchObject({ isOwn: false, canEdit: false, hidden: false });
  });

  it("a database failure while editing answers the intent's text and is not thrown", async () => {
    const author = await newMember();
    const commentId = await commentBy(author, "Before the outage.");
    await database.db.execute(sql.raw("alter table comments rename to comments_away"));
    try {
      expect(await post({ intent: "edit-comment", commentId, content: "During" }, { cookie: author.cookie })).toEqual({
        status: 500,
        form: "edit-comment",
        ok: false,
        values: { commentId },
        code: "internal",
        formError: "Failed to save your changes. Please try again.",
      });
    } finally {
      await database.db.execute(sql.raw("alter table comments_away rename to comments"));
    }
    expect(await commentRow(commentId)).toMatchObject({ content: "Before the outage." });
  });
});
