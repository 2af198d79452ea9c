import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AppError } from "~/lib/app-error";
import { SUBMISSION_MESSAGES, type SubmissionInput } from "~/lib/submissions";
import { jobDefinitionsFromEnv } from "~/server/jobs/job-definitions.server";
import { researchRuns, tags, toolSubmissions } from "~/server/db/schema.server";
import { startFakeBraveSearch, type FakeBraveSearch } from "../../../tests/fakes/brave-search";
import { researchResultFor, startFakeLlm, type FakeLlm } from "../../../tests/fakes/llm";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { createTestServices, type TestServices } from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { draftQueuedSubmissions } from "./submission-drafts.server";
import { listSubmissionsForMember } from "./submission-reads.server";
import { submitTool } from "./submit-tool.server";

// Submitting and drafting on a real database; the research assistant's search and model are
// loopback servers speaking Brave's and Anthropic's protocols.

const BRAVE_KEY = "brave-submission-test-key-0123456789";
const LLM_KEY = "llm-submission-test-key-0123456789";

let database: TestDatabase;
let services: TestServices;
let brave: FakeBraveSearch;
let llm: FakeLlm;
let memberId: string;

beforeAll(async () => {
  [brave, llm, database] = await Promise.all([
    startFakeBraveSearch({ apiKey: BRAVE_KEY }),
    startFakeLlm({ apiKey: LLM_KEY }),
    createTestDatabase(),
  ]);
  services = createTestServices({
    db: database.db,
    research: {
      search: { apiKey: BRAVE_KEY, baseUrl: brave.origin, pauseMs: 5 },
      model: { provider: "anthropic", apiKey: LLM_KEY, baseUrl: llm.anthropicBaseUrl, model: "claude-sonnet-5-5" },
      modelMaxRetries: 0,
      modelTimeoutMs: 2_000,
    },
  });
  const [member] = await insertUsers(database.db, { email: "member@example.com", emailVerified: true });
  memberId = member!.id;
});
afterAll(async () => {
  await Promise.all([database.dispose(), brave.stop(), llm.stop()]);
});
beforeEach(async () => {
  brave.reset();
  llm.reset();
  await database.db.execute(sql`truncate table tool_submissions, rate_limits, research_runs, tools, tags cascade`);
});

const form = (overrides: Partial<SubmissionInput> = {}): SubmissionInput => ({
  website: "https://www.Acme-Writer.com/pricing",
  name: "Acme Writer",
  category: "Writing",
  note: "Drafts blog posts.",
  ...overrides,
});

const submit = (input: SubmissionInput, options: { honeypotFilled?: boolean; drafting?: boolean } = {}) =>
  submitTool({
    db: database.db,
    userId: memberId,
    input,
    honeypotFilled: options.honeypotFilled ?? false,
    drafting: options.drafting ?? false,
  });

const storedSubmissions = () => database.db.select().from(toolSubmissions);

describe("submitTool", () => {
  test("stores a suggestion with its normalized domain, pending, with no draft when research is off", async () => {
    const result = await submit(form());
    expect(result).toMatchObject({ status: "submitted", draftState: "off" });
    const [row] = await storedSubmissions();
    expect(row).toMatchObject({
      website: "https://www.Acme-Writer.com/pricing",
      domain: "acme-writer.com",
      name: "Acme Writer",
      category: "Writing",
      note: "Drafts blog posts.",
      status: "pending",
      draftState: "off",
      userId: memberId,
    });
  });

  test("queues the draft when the research assistant is configured", async () => {
    expect(await submit(form(), { drafting: true })).toMatchObject({ status: "submitted", draftState: "queued" });
    expect((await storedSubmissions())[0]!.draftState).toBe("queued");
  });

  test("refuses a member whose address is not confirmed", async () => {
    const [unconfirmed] = await insertUsers(database.db, { email: "new@example.com" });
    const attempt = submitTool({
      db: database.db,
      userId: unconfirmed!.id,
      input: form(),
      honeypotFilled: false,
      drafting: false,
    });
    await expect(attempt).rejects.toMatchObject({ status: 403, message: SUBMISSION_MESSAGES.unconfirmed });
    expect(await storedSubmissions()).toEqual([]);
  });

  test.each([
    ["javascript:alert(1)", SUBMISSION_MESSAGES.websiteInvalid],
    ["acme.com", SUBMISSION_MESSAGES.websiteInvalid],
    ["", SUBMISSION_MESSAGES.websiteRequired],
    ["http://127.0.0.1:8080/admin", SUBMISSION_MESSAGES.websitePrivate],
    ["http://169.254.169.254/latest/meta-data", SUBMISSION_MESSAGES.websitePrivate],
    ["http://[::1]/", SUBMISSION_MESSAGES.websitePrivate],
    ["http://10.1.2.3/", SUBMISSION_MESSAGES.websitePrivate],
    ["http://localhost:3000/", SUBMISSION_MESSAGES.websitePrivate],
    ["https://nas.local/", SUBMISSION_MESSAGES.websitePrivate],
  ])("refuses the website %j", async (website, message) => {
    expect(await submit(form({ website }))).toEqual({ status: "invalid", fieldErrors: { website: message } });
    expect(await storedSubmissions()).toEqual([]);
  });

  test("a site already listed is refused with a link to its page, whatever the address's spelling", async () => {
    await insertTools(
      database.db,
      { name: "Acme Writer Pro", slug: "acme-writer", website: "https://acme-writer.com/" },
      { name: "My Acme", slug: "my-acme", website: "https://myacme-writer.com" },
    );
    expect(await submit(form({ website: "http://WWW.acme-writer.com:443/blog" }))).toEqual({
      status: "duplicate",
      message: SUBMISSION_MESSAGES.alreadyListed,
      href: "/tool/acme-writer",
    });
    expect(await submit(form({ website: "https://writer.com" }))).toMatchObject({ status: "submitted" });
  });

  test("a site already suggested and pending is refused; a rejected one may be suggested again", async () => {
    await submit(form());
    expect(await submit(form({ website: "https://acme-writer.com" }))).toEqual({
      status: "duplicate",
      message: SUBMISSION_MESSAGES.alreadySuggested,
      href: null,
    });
    await database.db.update(toolSubmissions).set({ status: "rejected", decisionReason: "Not an AI tool" });
    expect(await submit(form())).toMatchObject({ status: "submitted" });
  });

  test("the partial unique index answers a race for one site like the duplicate check", async () => {
    const results = await Promise.all([submit(form()), submit(form({ website: "https://acme-writer.com/x" }))]);
    expect(results.map((result) => result.status).sort()).toEqual(["duplicate", "submitted"]);
    expect(await storedSubmissions()).toHaveLength(1);
  });

  test("three a day: the fourth is refused with 429 and a wait; refusals for bad input cost no slot", async () => {
    await submit(form({ website: "" }));
    for (const site of ["a", "b", "c"]) {
      expect(await submit(form({ website: `https://${site}-tool.com` }))).toMatchObject({ status: "submitted" });
    }
    const fourth = await submit(form({ website: "https://d-tool.com" })).catch((error: unknown) => error);
    expect(fourth).toBeInstanceOf(AppError);
    expect(fourth).toMatchObject({ status: 429 });
    expect((fourth as AppError).headers["Retry-After"]).toMatch(/^\d+$/);
    expect(await storedSubmissions()).toHaveLength(3);
  });

  test("a filled honeypot is answered like a success and stores nothing", async () => {
    expect(await submit(form(), { honeypotFilled: true })).toEqual({
      status: "submitted",
      submissionId: null,
      draftState: "off",
    });
    expect(await storedSubmissions()).toEqual([]);
  });

  test("the database keeps its bounds whatever calls it", async () => {
    await expect(
      database.db.insert(toolSubmissions).values({
        userId: memberId,
        website: "ftp://acme.com",
        domain: "acme.com",
        name: "Acme",
      }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(toolSubmissions)
        .values({ userId: memberId, website: "https://acme.com", domain: "acme.com", name: "x".repeat(101) }),
    ).rejects.toThrow();
  });
});

describe("drafting in the background", () => {
  test("the job drafts each queued submission with the create flow and stores the tool form's values", async () => {
    await database.db.insert(tags).values({ slug: "document-analysis", name: "Document analysis" });
    await submit(form(), { drafting: true });
    await submit(form({ website: "https://other-tool.com", name: "Other Tool", category: "" }), { drafting: true });
    llm.queue(
      { kind: "object", value: researchResultFor("Acme Writer") },
      { kind: "object", value: researchResultFor("Other Tool") },
    );

    const { "submission-draft": job } = jobDefinitionsFromEnv({
      env: {
        LINK_CHECK_CRON: null,
        REFRESH_CRON: null,
        LINK_CHECK_CONCURRENCY: 1,
        LINK_CHECK_TIMEOUT_MS: 1000,
        REFRESH_BATCH_SIZE: 1,
      },
      research: services.research,
      purgePages: async () => {},
    });
    expect(job.cron).toBeNull();
    const counts = await job.handler({
      db: database.db,
      jobRunId: crypto.randomUUID(),
      trigger: "manual",
      attempts: 1,
      signal: new AbortController().signal,
    });
    expect(counts).toEqual({ drafted: 2, failed: 0 });

    const rows = await database.db.select().from(toolSubmissions).orderBy(toolSubmissions.createdAt);
    expect(rows.map((row) => row.draftState)).toEqual(["drafted", "drafted"]);
    const [tag] = await database.db.select().from(tags);
    expect(rows[0]!.draft).toMatchObject({
      name: "Acme Writer",
      // The member's address and category stand; the research flow's "Other" is the fallback.
      website: "https://www.Acme-Writer.com/pricing",
      image: "https://www.Acme-Writer.com/pricing",
      category: "Writing",
      tagline: "Acme Writer answers questions about a team's documents and drafts work from them.",
      pricingModel: "freemium",
      tags: [tag!.id],
    });
    expect((rows[0]!.draft as { description: string }).description).toMatch(/^<p>Acme Writer is an AI assistant/);
    expect((rows[0]!.draft as { sources: unknown[] }).sources.length).toBeGreaterThan(0);
    expect(rows[1]!.draft).toMatchObject({ category: "Other" });
    // Searched for by name and domain, and recorded like any research run.
    expect(brave.requests()[0]!.q).toContain("Acme Writer acme-writer.com");
    const runs = await database.db.select().from(researchRuns);
    expect(runs.map((run) => [run.mode, run.status, run.userId])).toEqual([
      ["create", "succeeded", null],
      ["create", "succeeded", null],
    ]);
  });

  test("a model that fails marks the submission failed with the reason, and the job goes on", async () => {
    await submit(form(), { drafting: true });
    llm.queue({ kind: "status", status: 400, message: "bad request" });
    expect(await draftQueuedSubmissions({ db: database.db, research: services.research })).toEqual({
      drafted: 0,
      failed: 1,
    });
    const [row] = await storedSubmissions();
    expect(row).toMatchObject({ draftState: "failed", draft: null, status: "pending" });
    expect(row!.draftError).toBeTruthy();
    expect((await database.db.select().from(researchRuns))[0]!.status).toBe("failed");
  });

  test("without the research assistant the job does nothing", async () => {
    await submit(form(), { drafting: true });
    const unconfigured = createTestServices({ db: database.db });
    expect(await draftQueuedSubmissions({ db: database.db, research: unconfigured.research })).toEqual({
      drafted: 0,
      failed: 0,
    });
    expect((await storedSubmissions())[0]!.draftState).toBe("queued");
  });
});

test("a member's submissions, newest first, with the published tool's slug", async () => {
  await submit(form());
  await submit(form({ website: "https://second-tool.com", name: "Second" }));
  const [tool] = await insertTools(database.db, { name: "Acme Writer", slug: "acme-writer" });
  await database.db
    .update(toolSubmissions)
    .set({ status: "approved", toolId: tool!.id, createdAt: new Date(Date.now() - 60_000) })
    .where(eq(toolSubmissions.name, "Acme Writer"));
  const list = await listSubmissionsForMember({ db: database.db, userId: memberId });
  expect(list.map((row) => [row.name, row.status, row.toolSlug])).toEqual([
    ["Second", "pending", null],
    ["Acme Writer", "approved", "acme-writer"],
  ]);
});
