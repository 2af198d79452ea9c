import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { PROPOSAL_MESSAGES, pricingInputOf, REVIEWED_FIELDS } from "~/lib/refresh-proposals";
import { descriptionHtmlFrom } from "~/lib/research-apply";
import type { ResearchResult } from "~/lib/research";
import {
  jobRuns,
  REFRESH_FIELDS,
  refreshProposalFields,
  refreshProposals,
  researchRuns,
  toolChanges,
  tools,
} from "~/server/db/schema.server";
import { jobDefinitionsFromEnv } from "~/server/jobs/job-definitions.server";
import { createResearchService, type ResearchService } from "~/server/research/research-service.server";
import { startFakeBraveSearch, type FakeBraveSearch, type SearchReply } from "../../../tests/fakes/brave-search";
import { researchResultFor, startFakeLlm, type FakeLlm } from "../../../tests/fakes/llm";
import { insertTools, insertUsers, type NewTool } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { readToolFacts, saveToolFacts } from "~/server/catalog/tool-facts.server";
import { listToolHistory } from "./change-log.server";
import { countPendingProposals, getProposal, listPendingProposals } from "./proposal-review.server";
import { decideProposalFields } from "./proposal-decisions.server";
import { NO_PAGES_MESSAGE, runRefresh } from "./refresh-job.server";

// The AI refresh against loopback servers speaking Brave Search's and Anthropic's protocols, on a
// real database; then an administrator's decisions, saved through the tool form's path.

const BRAVE_KEY = "brave-refresh-test-key-0123456789";
const LLM_KEY = "llm-refresh-test-key-0123456789";

let database: TestDatabase;
let brave: FakeBraveSearch;
let llm: FakeLlm;
let research: ResearchService;
let admin: { id: string; name: string };

beforeAll(async () => {
  [brave, llm, database] = await Promise.all([
    startFakeBraveSearch({ apiKey: BRAVE_KEY }),
    startFakeLlm({ apiKey: LLM_KEY }),
    createTestDatabase(),
  ]);
  research = createResearchService({
    search: { apiKey: BRAVE_KEY, baseUrl: brave.origin, pauseMs: 1 },
    model: { provider: "anthropic", apiKey: LLM_KEY, baseUrl: llm.anthropicBaseUrl, model: "claude-sonnet-5-5" },
    modelMaxRetries: 0,
    modelTimeoutMs: 5_000,
  });
  const [user] = await insertUsers(database.db, { email: "ada@example.com", name: "Ada" });
  admin = { id: user!.id, name: "Ada" };
});
afterAll(async () => {
  await Promise.all([database.dispose(), brave.stop(), llm.stop()]);
});
beforeEach(async () => {
  brave.reset();
  llm.reset();
  await database.db.execute(sql`truncate table ${tools}, ${jobRuns}, ${researchRuns} cascade`);
});

/** A tool whose stored facts are exactly what the fake model's answer for `name` gives. */
function upToDate(name: string, overrides: Partial<NewTool> = {}): NewTool {
  const { productInfo, marketResearch } = researchResultFor(name);
  return {
    name,
    website: "https://example.com",
    description: descriptionHtmlFrom(productInfo.description),
    tagline: productInfo.tagline,
    features: productInfo.features,
    pros: marketResearch.uniqueSellingPoints,
    pricing: {
      Free: productInfo.pricing.free,
      Pro: productInfo.pricing.pro,
      Enterprise: productInfo.pricing.enterprise,
    },
    pricingModel: "freemium",
    startingPrice: productInfo.startingPrice,
    ...overrides,
  };
}

async function newJobRun() {
  const [row] = await database.db.insert(jobRuns).values({ kind: "refresh", trigger: "manual" }).returning();
  return row!.id;
}

const proposals = () => database.db.select().from(refreshProposals);
const proposalFields = () => database.db.select().from(refreshProposalFields);

const PRICING_PAGE = {
  title: "Acme Notes pricing: Pro goes up",
  url: "https://acme-notes.example/pricing",
  description: "From March the Pro plan costs $12 per user per month; the Free plan stays.",
};

/** The update flow's three searches (latest updates, new features, pricing changes), one page each. */
function queueSearches() {
  const replies: SearchReply[] = [
    {
      kind: "results",
      results: [
        {
          title: "Acme Notes adds meeting summaries",
          url: "https://news.example/acme-notes-meetings",
          description: "The assistant now writes meeting summaries into shared workspaces.",
        },
      ],
    },
    {
      kind: "results",
      results: [
        {
          title: "What is new in Acme Notes",
          url: "https://acme-notes.example/changelog",
          description: "Connects to common storage and chat services; drafts reports for review.",
        },
      ],
    },
    { kind: "results", results: [PRICING_PAGE] },
  ];
  brave.queue(...replies);
}

describe("runRefresh", () => {
  it("proposes a price that changed upstream, with the page that says so", async () => {
    const [tool] = await insertTools(
      database.db,
      upToDate("Acme Notes", {
        pricing: { Free: "Free for personal use", Pro: "$10 per user per month", Enterprise: "Custom pricing" },
      }),
    );
    queueSearches();
    llm.queue({ kind: "object", value: researchResultFor("Acme Notes") });
    const jobRunId = await newJobRun();

    const outcome = await runRefresh({ db: database.db, research, jobRunId, limit: 10 });

    expect(outcome).toEqual({ counts: { checked: 1, proposed: 1, unchanged: 0, failed: 0 }, skippedReason: null });
    expect(brave.requests().map((request) => request.q)).toEqual([
      "Acme Notes latest updates",
      `Acme Notes new features ${new Date().getUTCFullYear()}`,
      "Acme Notes pricing changes",
    ]);
    const [proposal] = await proposals();
    expect(proposal).toMatchObject({ toolId: tool!.id, jobRunId, status: "pending", error: null });
    expect(proposal!.sources.map((source) => source.url)).toEqual([
      "https://news.example/acme-notes-meetings",
      "https://acme-notes.example/changelog",
      PRICING_PAGE.url,
    ]);
    expect(await proposalFields()).toEqual([
      expect.objectContaining({
        proposalId: proposal!.id,
        field: "pricing",
        currentValue: { Free: "Free for personal use", Pro: "$10 per user per month", Enterprise: "Custom pricing" },
        // Plans in the order the research gave them, as a save would store them (decision 153).
        proposedValue: [
          { plan: "Free", price: "Free for personal use", details: "" },
          { plan: "Pro", price: "$12 per user per month", details: "" },
          { plan: "Enterprise", price: "Custom pricing", details: "" },
        ],
        // The pricing search's page, with its snippet; not the news about meetings.
        sources: [{ url: PRICING_PAGE.url, title: PRICING_PAGE.title, snippet: PRICING_PAGE.description }],
        decision: null,
      }),
    ]);
    // Recorded like the admin's own runs, with no one as the asker.
    const [run] = await database.db.select().from(researchRuns);
    expect(run).toMatchObject({
      userId: null,
      mode: "update",
      subject: "Acme Notes",
      toolId: tool!.id,
      status: "succeeded",
      searches: 3,
      sources: 3,
    });
    expect(proposal!.researchRunId).toBe(run!.id);
    expect(await countPendingProposals({ db: database.db })).toBe(1);
  });

  it("records no_change for a tool the research agrees with, cosmetic differences included, and queues nothing", async () => {
    const fresh = upToDate("Quiet Tool");
    await insertTools(database.db, {
      ...fresh,
      // The same words in other markup and spacing, the same rows in another order, a price spaced differently.
      description: `<div>\n  ${fresh.description!.replace(/<p>/g, "<p> ").replace(/&amp;/g, "&#38;")}\n</div>`,
      features: [...fresh.features!].reverse().map((feature) => `  ${feature} `),
      tagline: `${fresh.tagline}  `,
      pricing: [
        { plan: "free", price: "Free for personal use", details: "" },
        { plan: "Pro", price: "$12  per user per month", details: "Billed yearly" },
        { plan: "Enterprise", price: "Custom pricing", details: "" },
      ],
    });
    llm.queue({ kind: "object", value: researchResultFor("Quiet Tool") });

    const outcome = await runRefresh({ db: database.db, research, jobRunId: await newJobRun(), limit: 10 });

    expect(outcome.counts).toEqual({ checked: 1, proposed: 0, unchanged: 1, failed: 0 });
    expect(await proposals()).toEqual([expect.objectContaining({ status: "no_change" })]);
    expect(await proposalFields()).toEqual([]);
    expect(await listPendingProposals({ db: database.db })).toMatchObject({ proposals: [], total: 0 });
  });

  it("proposes only what the tool form would accept, and never empties a field the reply is silent on", async () => {
    await insertTools(database.db, upToDate("Sparse Tool"));
    const reply: ResearchResult = researchResultFor("Sparse Tool");
    // Rows the schema lets through that the form would drop: no features at all.
    reply.productInfo.features = ["   "];
    reply.productInfo.pricing = { free: "n/a", pro: "", enterprise: "" };
    reply.productInfo.pricingModel = "donationware";
    reply.productInfo.tagline = "Now with <b>meeting</b> summaries";
    llm.queue({ kind: "object", value: reply });

    await runRefresh({ db: database.db, research, jobRunId: null, limit: 10 });

    const fields = await proposalFields();
    expect(fields.map((field) => field.field)).toEqual(["tagline"]);
    expect(fields[0]!.proposedValue).toBe("Now with <b>meeting</b> summaries");
  });

  it("escapes and sanitizes a researched description as the form's save would", async () => {
    await insertTools(database.db, upToDate("Markup Tool"));
    const reply = researchResultFor("Markup Tool");
    reply.productInfo.description = 'A new description. <script>alert("x")</script>\n\nSecond paragraph & more.';
    llm.queue({ kind: "object", value: reply });

    await runRefresh({ db: database.db, research, jobRunId: null, limit: 10 });

    const [field] = await proposalFields();
    expect(field).toMatchObject({
      field: "description",
      proposedValue:
        '<p>A new description. &lt;script&gt;alert("x")&lt;/script&gt;</p>\n<p>Second paragraph &amp; more.</p>',
    });
  });

  it("records a failed model as a failed proposal, with the reason, and goes on to the next tool", async () => {
    const [broken] = await insertTools(database.db, upToDate("Broken Tool"), upToDate("Fine Tool"));
    llm.queue(
      { kind: "status", status: 400, message: "The model refused the request" },
      { kind: "object", value: researchResultFor("Fine Tool") },
    );

    const outcome = await runRefresh({ db: database.db, research, jobRunId: await newJobRun(), limit: 10 });

    expect(outcome.counts).toEqual({ checked: 2, proposed: 0, unchanged: 1, failed: 1 });
    const rows = await proposals();
    const failed = rows.find((row) => row.toolId === broken!.id);
    expect(failed).toMatchObject({ status: "failed", error: expect.stringContaining("The model refused the request") });
    const runs = await database.db.select().from(researchRuns).where(eq(researchRuns.toolId, broken!.id));
    expect(runs).toEqual([expect.objectContaining({ status: "failed", searches: 3 })]);
    expect(await proposalFields()).toEqual([]);
  });

  it("proposes nothing a page does not back: empty searches make a failed proposal", async () => {
    await insertTools(database.db, upToDate("Unsearched Tool", { tagline: "An older tagline." }));
    brave.queue(...[1, 2, 3].map(() => ({ kind: "results" as const, results: [] })));
    llm.queue({ kind: "object", value: researchResultFor("Unsearched Tool") });

    const outcome = await runRefresh({ db: database.db, research, jobRunId: null, limit: 10 });

    expect(outcome.counts).toEqual({ checked: 1, proposed: 0, unchanged: 0, failed: 1 });
    expect(await proposals()).toEqual([expect.objectContaining({ status: "failed", error: NO_PAGES_MESSAGE })]);
    expect(await proposalFields()).toEqual([]);
  });

  it("does not refresh a tool twice in one job run: a retry picks up where the first attempt stopped", async () => {
    await insertTools(database.db, upToDate("First Tool"), upToDate("Second Tool"), upToDate("Third Tool"));
    llm.queue(
      ...["First Tool", "Second Tool", "Third Tool"].map((name) => ({
        kind: "object" as const,
        value: researchResultFor(name),
      })),
    );
    const jobRunId = await newJobRun();

    const first = await runRefresh({ db: database.db, research, jobRunId, limit: 2 });
    expect(first.counts.checked).toBe(2);
    expect(llm.requests()).toHaveLength(2);

    const retry = await runRefresh({ db: database.db, research, jobRunId, limit: 10 });
    expect(retry.counts).toEqual({ checked: 1, proposed: 0, unchanged: 1, failed: 0 });
    expect(llm.requests()).toHaveLength(3);

    const again = await runRefresh({ db: database.db, research, jobRunId, limit: 10 });
    expect(again.counts.checked).toBe(0);
    expect(llm.requests()).toHaveLength(3);
    const rows = await proposals();
    expect(new Set(rows.map((row) => row.toolId)).size).toBe(3);
  });

  it("asks about never-refreshed tools first, then the longest ago; skips discontinued tools and those awaiting review", async () => {
    const [old, recent, waiting, never] = await insertTools(
      database.db,
      upToDate("Old Tool"),
      upToDate("Recent Tool"),
      upToDate("Waiting Tool"),
      upToDate("Never Tool"),
      upToDate("Gone Tool", { discontinuedAt: new Date() }),
    );
    await database.db.insert(refreshProposals).values([
      { toolId: old!.id, status: "no_change", createdAt: new Date("2025-01-01T00:00:00Z") },
      { toolId: recent!.id, status: "reviewed", createdAt: new Date("2025-06-01T00:00:00Z") },
      { toolId: waiting!.id, status: "pending", createdAt: new Date("2024-01-01T00:00:00Z") },
    ]);

    const outcome = await runRefresh({ db: database.db, research, jobRunId: await newJobRun(), limit: 2 });

    expect(outcome.counts.checked).toBe(2);
    const runs = await database.db.select().from(researchRuns).orderBy(researchRuns.startedAt);
    expect(runs.map((run) => run.toolId)).toEqual([never!.id, old!.id]);
  });

  it("does nothing when the research assistant is not configured, and says why", async () => {
    await insertTools(database.db, upToDate("Any Tool"));
    const unconfigured = createResearchService({ search: null, model: null });

    const outcome = await runRefresh({ db: database.db, research: unconfigured, jobRunId: null, limit: 10 });

    expect(outcome.counts).toEqual({ checked: 0, proposed: 0, unchanged: 0, failed: 0 });
    expect(outcome.skippedReason).toContain("BRAVE_API_KEY");
    expect(await proposals()).toEqual([]);
    expect(brave.requests()).toEqual([]);
  });

  it("stops when its signal is aborted: no further tool, and the one under way leaves no proposal", async () => {
    await insertTools(database.db, upToDate("Slow Tool"), upToDate("Later Tool"));
    llm.queue({ kind: "hang" });
    const stop = new AbortController();
    const running = runRefresh({ db: database.db, research, jobRunId: null, limit: 10, signal: stop.signal });
    await expect.poll(() => llm.requests().length).toBe(1);
    stop.abort(new Error("shutting down"));

    const outcome = await running;

    expect(outcome.counts.checked).toBe(0);
    expect(await proposals()).toEqual([]);
    expect(await database.db.select().from(researchRuns)).toEqual([expect.objectContaining({ status: "cancelled" })]);
  });

  it("is what the refresh job runs, with REFRESH_BATCH_SIZE tools, recording its counts", async () => {
    await insertTools(database.db, upToDate("Job Tool"), upToDate("Other Tool"));
    llm.queue({ kind: "object", value: researchResultFor("Job Tool") });
    const { refresh } = jobDefinitionsFromEnv({
      env: {
        LINK_CHECK_CRON: null,
        REFRESH_CRON: null,
        LINK_CHECK_CONCURRENCY: 1,
        LINK_CHECK_TIMEOUT_MS: 1_000,
        REFRESH_BATCH_SIZE: 1,
      },
      research,
      purgePages: async () => {},
    });
    const jobRunId = await newJobRun();

    const counts = await refresh.handler({
      db: database.db,
      jobRunId,
      trigger: "manual",
      attempts: 1,
      signal: new AbortController().signal,
    });

    expect(counts).toEqual({ checked: 1, proposed: 0, unchanged: 1, failed: 0 });
    expect(await proposals()).toEqual([expect.objectContaining({ jobRunId, status: "no_change" })]);
  });

  it("names the same fields as the schema", () => {
    expect([...REVIEWED_FIELDS]).toEqual([...REFRESH_FIELDS]);
  });
});

/** A pending proposal for a valid tool, made by a real run: pricing and tagline changed upstream. */
async function pendingProposal() {
  const [tool] = await insertTools(
    database.db,
    upToDate("Acme Notes", {
      tagline: "An older tagline.",
      pricing: { Free: "Free for personal use", Pro: "$10 per user per month", Enterprise: "Custom pricing" },
    }),
  );
  queueSearches();
  llm.queue({ kind: "object", value: researchResultFor("Acme Notes") });
  await runRefresh({ db: database.db, research, jobRunId: await newJobRun(), limit: 1 });
  const [proposal] = await proposals();
  return { tool: tool!, proposalId: proposal!.id };
}

const toolById = async (id: string) => (await database.db.select().from(tools).where(eq(tools.id, id)))[0]!;
const changes = () => database.db.select().from(toolChanges).orderBy(toolChanges.field);

describe("facts in a refresh (decision 165)", () => {
  it("proposes a fact that changed, citing its page; accepting writes it and logs it with that page", async () => {
    const [tool] = await insertTools(database.db, upToDate("Acme Notes"));
    await saveToolFacts({
      db: database.db,
      toolId: tool!.id,
      facts: {
        free_plan: {
          value: "no",
          items: [],
          detail: "",
          sourceUrl: "https://acme-notes.example/old",
          checkedAt: "2026-01-01",
        },
        api: {
          value: "yes",
          items: [],
          detail: "",
          sourceUrl: "https://acme-notes.example/dev",
          checkedAt: "2026-01-01",
        },
      },
      author: { origin: "admin", actorId: null, actorName: "Ada" },
    });
    queueSearches();
    llm.queue({
      kind: "object",
      value: {
        ...researchResultFor("Acme Notes"),
        facts: [
          // Changed, and cited: proposed.
          { fact: "free_plan", value: "yes", items: [], detail: "Personal use", sourceUrl: PRICING_PAGE.url },
          // The same answer from another page: nothing to propose.
          { fact: "api", value: "yes", items: [], detail: "", sourceUrl: "https://acme-notes.example/changelog" },
          // A page the run never read, an answer out of shape, a fact that does not exist: dropped.
          { fact: "open_source", value: "yes", items: [], detail: "MIT", sourceUrl: "https://invented.example/" },
          { fact: "self_hostable", value: "maybe", items: [], detail: "", sourceUrl: PRICING_PAGE.url },
          { fact: "rating", value: "yes", items: [], detail: "", sourceUrl: PRICING_PAGE.url },
        ],
      } satisfies ResearchResult,
    });

    await runRefresh({ db: database.db, research, jobRunId: await newJobRun(), limit: 10 });
    const facts = (await proposalFields()).filter((row) => row.field.startsWith("facts."));
    const today = new Date().toISOString().slice(0, 10);
    expect(facts).toEqual([
      expect.objectContaining({
        field: "facts.free_plan",
        currentValue: expect.objectContaining({ value: "no" }),
        proposedValue: {
          value: "yes",
          items: [],
          detail: "Personal use",
          sourceUrl: PRICING_PAGE.url,
          checkedAt: today,
        },
        sources: [{ url: PRICING_PAGE.url, title: PRICING_PAGE.title, snippet: PRICING_PAGE.description }],
      }),
    ]);
    const [proposal] = await proposals();
    const view = await getProposal({ db: database.db, id: proposal!.id });
    expect(view?.fields.find((field) => field.field === "facts.free_plan")).toMatchObject({
      label: "Free plan",
      stale: false,
    });

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId: proposal!.id,
      decisions: [{ field: "facts.free_plan", decision: "accepted" }],
      admin,
    });
    expect(outcome).toMatchObject({ status: "decided", accepted: ["facts.free_plan"] });
    expect((await readToolFacts({ db: database.db, toolId: tool!.id })).free_plan).toEqual({
      value: "yes",
      items: [],
      detail: "Personal use",
      sourceUrl: PRICING_PAGE.url,
      checkedAt: today,
    });
    const [entry] = await listToolHistory({ db: database.db, toolId: tool!.id, limit: 1 });
    expect(entry).toMatchObject({
      field: "facts.free_plan",
      fieldLabel: "Free plan",
      before: { kind: "text", text: "No" },
      after: { kind: "text", text: "Yes (Personal use)" },
      author: "AI proposal accepted by Ada",
    });
    expect(entry?.sources.map((source) => source.url)).toEqual([PRICING_PAGE.url]);
  });
});

describe("decideProposalFields", () => {
  it("lists a pending proposal with each field's before, after and sources", async () => {
    const { tool, proposalId } = await pendingProposal();

    const page = await listPendingProposals({ db: database.db });

    expect(page).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(page.proposals[0]).toMatchObject({
      id: proposalId,
      status: "pending",
      tool: { id: tool.id, name: "Acme Notes", slug: "acme-notes" },
      fields: [
        { field: "tagline", label: "Tagline", currentValue: "An older tagline.", stale: false, decision: null },
        { field: "pricing", label: "Pricing", stale: false },
      ],
    });
    expect(page.proposals[0]!.fields[1]!.sources.map((source) => source.url)).toEqual([PRICING_PAGE.url]);
    expect(await getProposal({ db: database.db, id: proposalId })).toEqual(page.proposals[0]);
  });

  it("shows the last page there is when asked for one past the end", async () => {
    await pendingProposal();
    expect(await listPendingProposals({ db: database.db, page: 4 })).toMatchObject({
      page: 1,
      pageCount: 1,
      proposals: [expect.objectContaining({ status: "pending" })],
    });
  });

  it("saves an accepted field through the tool form's path and logs it with that field's sources", async () => {
    const { tool, proposalId } = await pendingProposal();

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [{ field: "pricing", decision: "accepted" }],
      admin,
    });

    expect(outcome).toEqual({
      status: "decided",
      tool: { id: tool.id, name: "Acme Notes", slug: "acme-notes" },
      accepted: ["pricing"],
      rejected: [],
      reviewed: false,
    });
    const saved = await toolById(tool.id);
    expect(saved.pricing).toEqual([
      { plan: "Free", price: "Free for personal use", details: "" },
      { plan: "Pro", price: "$12 per user per month", details: "" },
      { plan: "Enterprise", price: "Custom pricing", details: "" },
    ]);
    // The card's starting price follows the accepted plans; it is never proposed on its own (decision 166).
    expect(saved.startingPrice).toBe("$12/user/month");
    // Nothing else moved: the tagline waits for its own decision.
    expect(saved.tagline).toBe("An older tagline.");
    expect(await changes()).toEqual([
      expect.objectContaining({
        toolId: tool.id,
        field: "pricing",
        origin: "proposal",
        actorId: admin.id,
        actorName: "Ada",
        sources: [{ url: PRICING_PAGE.url, title: PRICING_PAGE.title, snippet: PRICING_PAGE.description }],
      }),
    ]);
    const fields = await proposalFields();
    expect(fields.find((field) => field.field === "pricing")).toMatchObject({
      decision: "accepted",
      acceptedValue: saved.pricing,
      decidedBy: admin.id,
      decidedAt: expect.any(Date),
    });
    expect((await proposals())[0]).toMatchObject({ status: "pending", reviewedAt: null });
  });

  it("cites nothing for a field the save tidied that the proposal did not touch", async () => {
    const { tool, proposalId } = await pendingProposal();
    // Stored before descriptions were sanitized on save: the form's save removes the script.
    const legacy = `${tool.description}<script>alert(1)</script>`;
    await database.db.update(tools).set({ description: legacy }).where(eq(tools.id, tool.id));

    await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [{ field: "pricing", decision: "accepted" }],
      admin,
    });

    const logged = await changes();
    expect(logged.map((change) => [change.field, change.sources.length])).toEqual([
      ["description", 0],
      ["pricing", 1],
    ]);
  });

  it("rejecting leaves the tool alone; the last decision marks the proposal reviewed", async () => {
    const { tool, proposalId } = await pendingProposal();
    const before = await toolById(tool.id);

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [
        { field: "tagline", decision: "rejected" },
        { field: "pricing", decision: "rejected" },
      ],
      admin,
    });

    expect(outcome).toMatchObject({
      status: "decided",
      accepted: [],
      rejected: ["tagline", "pricing"],
      reviewed: true,
    });
    expect(await toolById(tool.id)).toEqual(before);
    expect(await changes()).toEqual([]);
    expect((await proposals())[0]).toMatchObject({ status: "reviewed", reviewedAt: expect.any(Date) });
    expect(await countPendingProposals({ db: database.db })).toBe(0);
    await expect(
      decideProposalFields({
        db: database.db,
        proposalId,
        decisions: [{ field: "pricing", decision: "accepted" }],
        admin,
      }),
    ).rejects.toMatchObject({ code: "conflict", message: PROPOSAL_MESSAGES.notPending });
  });

  it("saves the administrator's edit instead of the proposal when there is one", async () => {
    const { tool, proposalId } = await pendingProposal();

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [
        { field: "tagline", decision: "accepted", editedValue: "  Answers questions   about a team's documents. " },
        {
          field: "pricing",
          decision: "accepted",
          editedValue: { shape: "simple", entries: [{ plan: "Pro", price: "$12/user/month" }] },
        },
      ],
      admin,
    });

    expect(outcome).toMatchObject({ status: "decided", reviewed: true });
    const saved = await toolById(tool.id);
    expect(saved.tagline).toBe("Answers questions about a team's documents.");
    expect(saved.pricing).toEqual([{ plan: "Pro", price: "$12/user/month", details: "" }]);
    const fields = await proposalFields();
    expect(fields.find((field) => field.field === "tagline")!.acceptedValue).toBe(
      "Answers questions about a team's documents.",
    );
    expect((await changes()).map((change) => change.field)).toEqual(["pricing", "tagline"]);
  });

  it("refuses an edit the tool form would refuse, and changes nothing", async () => {
    const { tool, proposalId } = await pendingProposal();
    const before = await toolById(tool.id);

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [
        { field: "tagline", decision: "accepted", editedValue: "x".repeat(121) },
        { field: "pricing", decision: "accepted" },
      ],
      admin,
    });

    expect(outcome).toEqual({
      status: "invalid",
      message: "Tagline must be at most 120 characters",
      fieldErrors: { tagline: "Tagline must be at most 120 characters" },
    });
    expect(await toolById(tool.id)).toEqual(before);
    expect(await changes()).toEqual([]);
    expect((await proposalFields()).every((field) => field.decision === null)).toBe(true);
  });

  it("names the row of a list or pricing edit the form refuses", async () => {
    const { proposalId } = await pendingProposal();

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [
        {
          field: "pricing",
          decision: "accepted",
          editedValue: pricingInputOf({ Free: "Free", Pro: "" }),
        },
      ],
      admin,
    });

    expect(outcome).toMatchObject({ status: "invalid", fieldErrors: { pricing: "Plan 2: Price is required" } });
  });

  it("will not overwrite a value edited since the proposal unless told to", async () => {
    const { tool, proposalId } = await pendingProposal();
    await database.db.update(tools).set({ tagline: "A newer tagline by hand." }).where(eq(tools.id, tool.id));

    const [view] = (await listPendingProposals({ db: database.db })).proposals;
    expect(view!.fields[0]).toMatchObject({ field: "tagline", stale: true, valueNow: "A newer tagline by hand." });

    const refused = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [{ field: "tagline", decision: "accepted" }],
      admin,
    });
    expect(refused).toEqual({
      status: "invalid",
      message: PROPOSAL_MESSAGES.stale("Tagline"),
      fieldErrors: { tagline: PROPOSAL_MESSAGES.stale("Tagline") },
    });
    expect((await toolById(tool.id)).tagline).toBe("A newer tagline by hand.");

    const accepted = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [{ field: "tagline", decision: "accepted", replaceNewer: true }],
      admin,
    });
    expect(accepted).toMatchObject({ status: "decided", accepted: ["tagline"] });
    expect((await toolById(tool.id)).tagline).toBe(researchResultFor("Acme Notes").productInfo.tagline);
  });

  it("refuses a field decided already, a field the proposal lacks, and a proposal that is not there", async () => {
    const { proposalId } = await pendingProposal();
    await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [{ field: "pricing", decision: "rejected" }],
      admin,
    });

    expect(
      await decideProposalFields({
        db: database.db,
        proposalId,
        decisions: [{ field: "pricing", decision: "accepted" }],
        admin,
      }),
    ).toMatchObject({ status: "invalid", fieldErrors: { pricing: "Pricing has already been decided" } });
    expect(
      await decideProposalFields({
        db: database.db,
        proposalId,
        decisions: [{ field: "features", decision: "accepted" }],
        admin,
      }),
    ).toMatchObject({ status: "invalid", fieldErrors: { features: PROPOSAL_MESSAGES.unknownField } });
    const missing = decideProposalFields({
      db: database.db,
      proposalId: "00000000-0000-4000-8000-000000000000",
      decisions: [{ field: "pricing", decision: "accepted" }],
      admin,
    });
    await expect(missing).rejects.toBeInstanceOf(AppError);
    await expect(missing).rejects.toMatchObject({ code: "not-found" });
  });

  it("explains when the tool's own fields keep the form from saving", async () => {
    const { tool, proposalId } = await pendingProposal();
    // A tool saved before pricing models were required.
    await database.db.update(tools).set({ pricingModel: null }).where(eq(tools.id, tool.id));

    const outcome = await decideProposalFields({
      db: database.db,
      proposalId,
      decisions: [{ field: "pricing", decision: "accepted" }],
      admin,
    });

    expect(outcome).toEqual({
      status: "invalid",
      message: PROPOSAL_MESSAGES.toolInvalid("Pricing model", "Pricing model is required"),
      fieldErrors: {},
    });
  });
});
