import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as inboxAction, loader as inboxLoader } from "~/routes/admin/inbox";
import { loader as layoutLoader } from "~/routes/admin/layout";
import { action as toolFormAction, loader as toolFormLoader } from "~/routes/admin/tool-form";
import { loader as toolLoader } from "~/routes/tool";
import { SUBMISSION_MESSAGES } from "~/lib/submissions";
import {
  commentReports,
  comments,
  listingReports,
  moderationActions,
  tools,
  toolSubmissions,
} from "~/server/db/schema.server";
import { startFakeSmtp, type FakeSmtp } from "../../../tests/fakes/smtp";
import { insertTools } from "../../../tests/setup/fixtures";
import { formPostRequest, getRequest, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { setDisplayName } from "~/server/members/profile.server";

// The moderation inbox and the tool form that publishes a submission, as an administrator's
// browser reaches them: real sessions, a real database, mail to a loopback SMTP server.

let database: TestDatabase;
let services: TestServices;
let smtp: FakeSmtp;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string; email: string };
let reporter: { id: string; cookie: string };
let secondReporter: { id: string; cookie: string };

beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startFakeSmtp()]);
  services = createTestServices({ db: database.db, smtpUrl: smtp.url });
  admin = await createSignedInAdmin(services, "curator@example.com");
  // The change and moderation logs name an administrator by their public name (decision 147).
  await setDisplayName({ db: database.db, userId: admin.id, displayName: "curator" });
  member = await createSignedInUser(services, "member@example.com");
  reporter = await createSignedInUser(services, "reporter@example.com");
  secondReporter = await createSignedInUser(services, "second-reporter@example.com");
});
afterAll(async () => {
  await Promise.all([database.dispose(), smtp.stop()]);
});
beforeEach(async () => {
  smtp.clear();
  await database.db.execute(sql`truncate table tool_submissions, moderation_actions, tools cascade`);
});

async function get(loader: (args: never) => unknown, path: string, { cookie = admin.cookie, params = {} } = {}) {
  const request = getRequest(path, { cookie, data: true });
  const context = await contextFor(services, request);
  return settleRoute(async () => loader({ request, params, context } as never));
}

async function post(
  action: (args: never) => unknown,
  path: string,
  body: Record<string, string | string[]>,
  { cookie = admin.cookie, origin, params = {} }: { cookie?: string; origin?: string; params?: object } = {},
) {
  const request = formPostRequest(path, body, { cookie, origin });
  const context = await contextFor(services, request);
  return settleRoute(async () => action({ request, params, context } as never));
}

async function insertSubmission(overrides: Partial<typeof toolSubmissions.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(toolSubmissions)
    .values({
      userId: member.id,
      website: "https://acme-writer.com",
      domain: "acme-writer.com",
      name: "Acme Writer",
      category: "Writing",
      note: "Writes blog posts",
      ...overrides,
    })
    .returning();
  return row!;
}

const submissionNow = async (id: string) =>
  (await database.db.select().from(toolSubmissions).where(eq(toolSubmissions.id, id)))[0]!;
const logRows = () => database.db.select().from(moderationActions).orderBy(moderationActions.createdAt);

/** The tool form as the inbox's "Open in the tool form" saves it. */
const toolForm = (submissionId: string, overrides: Record<string, string | string[]> = {}) => ({
  intent: "save",
  submission: submissionId,
  name: "Acme Writer",
  category: "Writing",
  description: "<p>Writes blog posts.</p>",
  image: "",
  website: "https://acme-writer.com",
  slug: "",
  metaTitle: "",
  features: ["Drafts posts"],
  pros: [""],
  cons: [""],
  pricingShape: "none",
  tagline: "Writes blog posts for you.",
  pricingModel: "freemium",
  startingPrice: "",
  ...overrides,
});

describe("submissions in the inbox", () => {
  test("the inbox lists a pending submission with who suggested it and its draft state", async () => {
    const submission = await insertSubmission({ draftState: "failed", draftError: "The model did not answer" });
    const page = await get(inboxLoader, "/admin/inbox");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      counts: { submissions: 1, reportedComments: 0, reportedListings: 0, reportedReviews: 0, total: 1 },
      submissions: [
        {
          id: submission.id,
          name: "Acme Writer",
          website: "https://acme-writer.com",
          category: "Writing",
          note: "Writes blog posts",
          submitterEmail: "member@example.com",
          draftState: "failed",
          draftError: "The model did not answer",
        },
      ],
    });
  });

  test("the tool form opened from the inbox is filled from the draft and carries the submission", async () => {
    const submission = await insertSubmission({
      draftState: "drafted",
      draft: {
        name: "Acme Writer AI",
        category: "Writing",
        description: "<p>Drafted.</p>",
        image: "https://acme-writer.com",
        website: "https://acme-writer.com",
        features: ["Drafts posts"],
        pros: [],
        cons: [],
        pricing: { Free: "$0" },
        tagline: "Drafted tagline",
        pricingModel: "free",
        startingPrice: "Free",
        tags: ["00000000-0000-4000-8000-000000000000"],
        proposedTags: [],
        sources: [],
      },
    });
    const page = await get(toolFormLoader, `/admin/tools/new?submission=${submission.id}`, { params: { id: "new" } });
    expect(page.data).toMatchObject({
      tool: null,
      submission: { id: submission.id, pending: true },
      prefill: { name: "Acme Writer AI", tagline: "Drafted tagline", pricing: { Free: "$0" }, tags: [] },
    });
    const bare = await insertSubmission({ website: "https://b.com", domain: "b.com", name: "Bee", category: null });
    const barePage = await get(toolFormLoader, `/admin/tools/new?submission=${bare.id}`, { params: { id: "new" } });
    expect(barePage.data).toMatchObject({
      prefill: { name: "Bee", website: "https://b.com", category: "", description: "", features: [] },
    });
  });

  test("saving the form publishes the tool, approves the submission, logs and mails the member", async () => {
    const submission = await insertSubmission();
    const before = services.invalidations();
    const outcome = await post(toolFormAction, "/admin/tools/new", toolForm(submission.id), { params: { id: "new" } });
    expect(outcome).toMatchObject({ status: 302, location: "/admin/inbox" });

    const [tool] = await database.db.select().from(tools);
    expect(tool).toMatchObject({ name: "Acme Writer", slug: "acme-writer" });
    expect(await submissionNow(submission.id)).toMatchObject({
      status: "approved",
      toolId: tool!.id,
      decidedBy: admin.id,
    });
    expect((await submissionNow(submission.id)).decidedAt).toBeInstanceOf(Date);
    expect(await logRows()).toMatchObject([
      { action: "submission-approved", subjectId: submission.id, actorId: admin.id, actorName: "curator" },
    ]);
    const mail = await smtp.waitForMessage({ to: member.email });
    expect(mail.subject).toBe("Acme Writer is now listed on Aitlas");
    expect(mail.text).toContain(`${TEST_SITE_URL}/tool/acme-writer`);
    expect(services.invalidations()).toBe(before + 1);
    // Listed publicly: its page answers to anyone.
    expect((await get(toolLoader, "/tool/acme-writer", { cookie: "", params: { id: "acme-writer" } })).status).toBe(
      200,
    );

    // A second decision is refused, and no second tool is made.
    const again = await post(toolFormAction, "/admin/tools/new", toolForm(submission.id, { slug: "acme-2" }), {
      params: { id: "new" },
    });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain(SUBMISSION_MESSAGES.notPending);
    expect(await database.db.select().from(tools)).toHaveLength(1);
  });

  test("a form the catalogue refuses decides nothing", async () => {
    const submission = await insertSubmission();
    await insertTools(database.db, { name: "Taken", slug: "taken" });
    const outcome = await post(toolFormAction, "/admin/tools/new", toolForm(submission.id, { slug: "taken" }), {
      params: { id: "new" },
    });
    expect(outcome.status).toBe(400);
    expect((await submissionNow(submission.id)).status).toBe("pending");
    expect(await logRows()).toEqual([]);
  });

  test("rejecting needs a reason, which is stored, logged and mailed; a second decision is refused", async () => {
    const submission = await insertSubmission();
    const blank = await post(inboxAction, "/admin/inbox", { intent: "reject", id: submission.id, reason: "  " });
    expect(blank).toMatchObject({ status: 400, data: { ok: false, formError: SUBMISSION_MESSAGES.reasonRequired } });
    expect((await submissionNow(submission.id)).status).toBe("pending");

    const outcome = await post(inboxAction, "/admin/inbox", {
      intent: "reject",
      id: submission.id,
      reason: "It is not an AI tool.",
    });
    expect(outcome).toMatchObject({ status: 302, location: "/admin/inbox" });
    expect(await submissionNow(submission.id)).toMatchObject({
      status: "rejected",
      decisionReason: "It is not an AI tool.",
      decidedBy: admin.id,
    });
    expect(await logRows()).toMatchObject([
      { action: "submission-rejected", reason: "It is not an AI tool.", actorName: "curator" },
    ]);
    const mail = await smtp.waitForMessage({ to: member.email });
    expect(mail.text).toContain("It is not an AI tool.");

    const again = await post(inboxAction, "/admin/inbox", { intent: "reject", id: submission.id, reason: "Again" });
    expect(again).toMatchObject({ status: 409, data: { ok: false, formError: SUBMISSION_MESSAGES.notPending } });
    expect(await logRows()).toHaveLength(1);
  });

  test("a member or a cross-site post is refused and nothing changes", async () => {
    const submission = await insertSubmission();
    const asMember = await post(
      inboxAction,
      "/admin/inbox",
      { intent: "reject", id: submission.id, reason: "No" },
      { cookie: member.cookie },
    );
    expect(asMember.status).toBe(403);
    expect((await get(inboxLoader, "/admin/inbox", { cookie: member.cookie })).status).toBe(403);
    const crossSite = await post(
      inboxAction,
      "/admin/inbox",
      { intent: "reject", id: submission.id, reason: "No" },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const publishAsMember = await post(toolFormAction, "/admin/tools/new", toolForm(submission.id), {
      cookie: member.cookie,
      params: { id: "new" },
    });
    expect(publishAsMember.status).toBe(403);
    expect((await submissionNow(submission.id)).status).toBe("pending");
    expect(await database.db.select().from(tools)).toEqual([]);
    expect(await logRows()).toEqual([]);
    expect(smtp.messages()).toEqual([]);
  });
});

describe("reports in the inbox", () => {
  async function reportedFixtures() {
    const [quill, lens] = await insertTools(database.db, { name: "Quill" }, { name: "Lens" });
    const [comment] = await database.db
      .insert(comments)
      .values({ toolId: quill!.id, userId: member.id, content: "Buy cheap pills here" })
      .returning();
    await database.db.insert(commentReports).values([
      { commentId: comment!.id, reporterId: reporter.id, reason: "spam", note: "An advert" },
      { commentId: comment!.id, reporterId: secondReporter.id, reason: "spam" },
    ]);
    await database.db.insert(listingReports).values([
      { toolId: lens!.id, reporterId: reporter.id, reason: "dead-link", note: "The site is gone" },
      { toolId: lens!.id, reporterId: secondReporter.id, reason: "dead-link" },
      { toolId: lens!.id, reporterId: secondReporter.id, reason: "wrong-information", note: "Not free any more" },
      { toolId: quill!.id, reporterId: reporter.id, reason: "duplicate", resolvedAt: new Date() },
    ]);
    return { quill: quill!, lens: lens!, comment: comment! };
  }

  test("reported comments are grouped per comment and reported listings per tool, with counts", async () => {
    const { lens, comment, quill } = await reportedFixtures();
    const page = await get(inboxLoader, "/admin/inbox");
    expect(page.data).toMatchObject({
      counts: { submissions: 0, reportedComments: 1, reportedListings: 1, reportedReviews: 0, total: 2 },
      comments: [
        {
          id: comment.id,
          content: "Buy cheap pills here",
          tool: { slug: quill.slug },
          reportCount: 2,
          reasons: [{ reason: "spam", count: 2 }],
        },
      ],
      listings: [
        {
          tool: { id: lens.id, name: "Lens" },
          reportCount: 3,
          reasons: [
            { reason: "dead-link", count: 2 },
            { reason: "wrong-information", count: 1 },
          ],
        },
      ],
    });
    const notes = (page.data as { listings: { reports: { note: string | null }[] }[] }).listings[0]!.reports.map(
      (report) => report.note,
    );
    // One statement's rows share their time: the notes in any order.
    expect(notes.sort()).toEqual(["Not free any more", "The site is gone", null]);
  });

  test("hide, dismiss and resolve act, close the reports and log who and when", async () => {
    const { lens, comment } = await reportedFixtures();
    const before = services.invalidations();
    expect((await post(inboxAction, "/admin/inbox", { intent: "hide", id: comment.id })).status).toBe(302);
    expect(services.invalidations()).toBe(before + 1);
    const [hidden] = await database.db.select().from(comments).where(eq(comments.id, comment.id));
    expect(hidden!.hiddenAt).toBeInstanceOf(Date);
    const openCommentReports = await database.db
      .select()
      .from(commentReports)
      .where(sql`${commentReports.resolvedAt} is null`);
    expect(openCommentReports).toEqual([]);

    expect((await post(inboxAction, "/admin/inbox", { intent: "dismiss", id: comment.id })).status).toBe(302);
    expect((await post(inboxAction, "/admin/inbox", { intent: "resolve", id: lens.id })).status).toBe(302);
    const resolved = await database.db.select().from(listingReports).where(eq(listingReports.toolId, lens.id));
    expect(resolved.every((report) => report.resolvedBy === admin.id && report.resolvedAt instanceof Date)).toBe(true);
    expect(
      await post(inboxAction, "/admin/inbox", { intent: "resolve", id: lens.id }).then((outcome) => outcome.status),
    ).toBe(409);

    const log = await logRows();
    expect(log.map((row) => [row.action, row.subjectId, row.actorId, row.actorName])).toEqual([
      ["comment-hidden", comment.id, admin.id, "curator"],
      ["comment-reports-dismissed", comment.id, admin.id, "curator"],
      ["listing-reports-resolved", lens.id, admin.id, "curator"],
    ]);
    expect(log.every((row) => row.createdAt instanceof Date)).toBe(true);
    const page = await get(inboxLoader, "/admin/inbox");
    expect(page.data).toMatchObject({ counts: { total: 0 }, comments: [], listings: [] });
    expect((page.data as { decisions: unknown[] }).decisions).toHaveLength(3);
  });

  test("a member cannot act on reports", async () => {
    const { comment, lens } = await reportedFixtures();
    for (const [intent, id] of [
      ["hide", comment.id],
      ["delete", comment.id],
      ["resolve", lens.id],
    ] as const) {
      expect((await post(inboxAction, "/admin/inbox", { intent, id }, { cookie: reporter.cookie })).status).toBe(403);
    }
    expect(await database.db.select().from(comments)).toHaveLength(1);
    expect(await logRows()).toEqual([]);
  });
});

test("the admin navigation and the dashboard count what waits", async () => {
  await database.db.execute(sql`truncate table comment_reports, listing_reports`);
  await insertSubmission();
  await insertSubmission({ website: "https://b.com", domain: "b.com", name: "Bee" });
  const [tool] = await insertTools(database.db, { name: "Lens" });
  await database.db.insert(listingReports).values({ toolId: tool!.id, reporterId: reporter.id, reason: "spam" });
  expect((await get(layoutLoader, "/admin/inbox")).data).toMatchObject({ inboxOpen: 3 });
  expect((await get(dashboardLoader, "/admin")).data).toMatchObject({
    inbox: { submissions: 2, reportedComments: 0, reportedListings: 1, reportedReviews: 0, total: 3 },
  });
});
