import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { loader as mySubmissionsLoader } from "~/routes/account-submissions";
import { action as submitAction, loader as submitLoader } from "~/routes/submit";
import { SUBMISSION_MESSAGES } from "~/lib/submissions";
import { toolSubmissions, users } from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { jobDefinitionsFromEnv } from "~/server/jobs/job-definitions.server";
import { createJobQueue, type JobQueue } from "~/server/jobs/job-queue.server";
import { insertTools } from "../../tests/setup/fixtures";
import { formPostRequest, getRequest, settleRoute, type RouteAnswer } from "../../tests/setup/route-calls";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// /submit and /account/submissions as a browser reaches them: real sessions, a real database and,
// for the drafting, a real job queue that queues without working.

let database: TestDatabase;
let services: TestServices;
let drafting: TestServices;
let jobs: JobQueue;
let member: { id: string; cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  // Configured research (the addresses are never called: the queue does not work here).
  const research = {
    search: { apiKey: "brave-key-0123456789", baseUrl: "http://127.0.0.1:9" },
    model: {
      provider: "anthropic" as const,
      apiKey: "llm-key-0123456789",
      baseUrl: "http://127.0.0.1:9",
      model: "claude-sonnet-5-5",
    },
  };
  const base = createTestServices({ db: database.db, research });
  jobs = createJobQueue({
    connection: database.jobQueueConnection,
    db: database.db,
    definitions: jobDefinitionsFromEnv({
      env: {
        LINK_CHECK_CRON: null,
        REFRESH_CRON: null,
        LINK_CHECK_CONCURRENCY: 1,
        LINK_CHECK_TIMEOUT_MS: 1000,
        REFRESH_BATCH_SIZE: 1,
      },
      research: base.research,
      purgePages: async () => {},
    }),
    timeoutSeconds: 30,
    work: false,
  });
  drafting = { ...base, jobs };
  member = await createSignedInUser(services, "member@example.com");
});
afterAll(async () => {
  await jobs.stop(1000);
  await database.dispose();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table tool_submissions, rate_limits, tools cascade`);
  await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, member.id));
});

const fields = (overrides: Record<string, string> = {}) => ({
  website: "https://acme-writer.com",
  name: "Acme Writer",
  category: "Writing",
  note: "",
  website_confirm: "",
  ...overrides,
});

async function post(
  body: Record<string, string>,
  {
    cookie = member.cookie,
    origin,
    using = services,
  }: { cookie?: string | null; origin?: string | null; using?: TestServices } = {},
) {
  const request = formPostRequest("/submit", body, { cookie, origin });
  const context = await contextFor(using, request);
  return settleRoute(async () => submitAction({ request, params: {}, context } as never));
}

async function get(loader: (args: never) => unknown, path: string, cookie?: string) {
  const request = getRequest(path, { cookie });
  const context = await contextFor(services, request);
  return settleRoute(async () => loader({ request, params: {}, context } as never));
}

function flashOf(outcome: RouteAnswer) {
  const request = new Request(TEST_SITE_URL, { headers: { cookie: cookieHeaderFrom(outcome.headers!) } });
  return takeFlash(request).flash;
}

const stored = () => database.db.select().from(toolSubmissions);

describe("/submit", () => {
  test("a confirmed member's suggestion is stored and they land on their submissions with a message", async () => {
    expect((await get(submitLoader, "/submit", member.cookie)).data).toEqual({ signedIn: true, confirmed: true });
    const outcome = await post(fields({ note: "Writes blog posts" }));
    expect(outcome).toMatchObject({ status: 302, location: "/account/submissions" });
    expect(flashOf(outcome)).toEqual({ kind: "success", title: SUBMISSION_MESSAGES.received });
    expect(await stored()).toMatchObject([
      { name: "Acme Writer", domain: "acme-writer.com", note: "Writes blog posts", draftState: "off" },
    ]);
  });

  test("with the research assistant configured the draft job is queued", async () => {
    const outcome = await post(fields(), { using: drafting });
    expect(outcome.status).toBe(302);
    expect((await stored())[0]!.draftState).toBe("queued");
    expect((await jobs.queueSizes())["submission-draft"].waiting).toBe(1);
  });

  test("a visitor is asked to sign in, and a post without a session stores nothing", async () => {
    expect((await get(submitLoader, "/submit")).data).toEqual({ signedIn: false, confirmed: false });
    const outcome = await post(fields(), { cookie: null });
    expect(outcome).toMatchObject({ status: 401, data: { ok: false, formError: SUBMISSION_MESSAGES.signedOut } });
    expect(await stored()).toEqual([]);
  });

  test("an unconfirmed member is told to confirm first", async () => {
    await database.db.update(users).set({ emailVerified: false }).where(eq(users.id, member.id));
    expect((await get(submitLoader, "/submit", member.cookie)).data).toEqual({ signedIn: true, confirmed: false });
    const outcome = await post(fields());
    expect(outcome).toMatchObject({ status: 403, data: { ok: false, formError: SUBMISSION_MESSAGES.unconfirmed } });
    expect(await stored()).toEqual([]);
  });

  test("bad fields come back beside the fields, with what was typed", async () => {
    const outcome = await post(fields({ website: "not a url", name: "" }));
    expect(outcome).toMatchObject({
      status: 400,
      data: {
        fieldErrors: { website: SUBMISSION_MESSAGES.websiteInvalid, name: SUBMISSION_MESSAGES.nameRequired },
        values: { website: "not a url" },
      },
    });
    const privateSite = await post(fields({ website: "http://192.168.1.10/" }));
    expect(privateSite).toMatchObject({
      status: 400,
      data: { fieldErrors: { website: SUBMISSION_MESSAGES.websitePrivate } },
    });
    expect(await stored()).toEqual([]);
  });

  test("a listed site is refused with a link to it; a pending one says it waits", async () => {
    await insertTools(database.db, { name: "Acme", slug: "acme", website: "https://www.acme-writer.com" });
    expect(await post(fields())).toMatchObject({
      status: 409,
      data: { ok: false, formError: SUBMISSION_MESSAGES.alreadyListed, data: { duplicateHref: "/tool/acme" } },
    });
    await post(fields({ website: "https://other.com" }));
    expect(await post(fields({ website: "https://www.other.com/about" }))).toMatchObject({
      status: 409,
      data: { ok: false, formError: SUBMISSION_MESSAGES.alreadySuggested, data: { duplicateHref: null } },
    });
  });

  test("the fourth suggestion in a day is refused with 429 and Retry-After", async () => {
    for (const site of ["one", "two", "three"]) {
      expect((await post(fields({ website: `https://${site}.com` }))).status).toBe(302);
    }
    const fourth = await post(fields({ website: "https://four.com" }));
    expect(fourth.status).toBe(429);
    expect(fourth.headers?.get("Retry-After")).toMatch(/^\d+$/);
    expect(await stored()).toHaveLength(3);
  });

  test("a filled honeypot gets the same answer and stores nothing", async () => {
    const outcome = await post(fields({ website_confirm: "https://spam.example.com" }));
    expect(outcome).toMatchObject({ status: 302, location: "/account/submissions" });
    expect(flashOf(outcome)).toEqual({ kind: "success", title: SUBMISSION_MESSAGES.received });
    expect(await stored()).toEqual([]);
  });

  test("a cross-site post is refused", async () => {
    expect((await post(fields(), { origin: "https://evil.example" })).status).toBe(403);
    expect(await stored()).toEqual([]);
  });
});

describe("/account/submissions", () => {
  test("a visitor is sent to sign in and back", async () => {
    const outcome = await get(mySubmissionsLoader, "/account/submissions");
    expect(outcome).toMatchObject({
      status: 302,
      location: `/sign-in?redirectTo=${encodeURIComponent("/account/submissions")}`,
    });
  });

  test("lists the member's own submissions with their state and a rejection's reason", async () => {
    const other = await createSignedInUser(services, `other-${Date.now()}@example.com`);
    await post(fields());
    await post(fields({ website: "https://second.com", name: "Second" }));
    await database.db
      .update(toolSubmissions)
      .set({ status: "rejected", decisionReason: "Not an AI tool", decidedAt: new Date() })
      .where(eq(toolSubmissions.name, "Second"));
    const page = await get(mySubmissionsLoader, "/account/submissions", member.cookie);
    const { submissions } = page.data as { submissions: { name: string; status: string }[] };
    expect(submissions).toMatchObject([
      { name: "Second", status: "rejected", decisionReason: "Not an AI tool" },
      { name: "Acme Writer", status: "pending" },
    ]);
    expect(
      ((await get(mySubmissionsLoader, "/account/submissions", other.cookie)).data as { submissions: [] }).submissions,
    ).toEqual([]);
  });
});
