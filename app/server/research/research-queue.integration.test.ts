import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { jobRuns, researchQueueEntries, researchRuns, toolChanges, tools } from "~/server/db/schema.server";
import { createJobQueue, type JobDefinitions, type JobQueue } from "~/server/jobs/job-queue.server";
import { createResearchService, type ResearchService } from "~/server/research/research-service.server";
import { startFakeBraveSearch, type FakeBraveSearch } from "../../../tests/fakes/brave-search";
import {
  htmlPage,
  startFakeIconWebsites,
  type FakeFile,
  type FakeIconWebsites,
} from "../../../tests/fakes/icon-websites";
import { researchResultFor, startFakeLlm, type FakeLlm } from "../../../tests/fakes/llm";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { makePng } from "../../../tests/setup/images";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createOutboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";
import { createLocalStorage } from "../storage/local-storage.server";
import { enqueueBatch, planBatch } from "./research-queue-input.server";
import { draftQueuedWebsites } from "./research-queue-job.server";
import { acceptQueueEntries, readQueue } from "./research-queue-review.server";

// "Add many tools" (issue 35) against loopback sites, Brave Search and model fakes, on a real
// database and a real pg-boss queue: a restart half-way loses and repeats nothing, and without the
// research assistant the drafts come from each site's own page.

const BRAVE_KEY = "brave-queue-test-key-0123456789";
const LLM_KEY = "llm-queue-test-key-0123456789";
const SITES = Array.from({ length: 10 }, (_, index) => `site${index + 1}.test`);

let database: TestDatabase;
let brave: FakeBraveSearch;
let llm: FakeLlm;
let sites: FakeIconWebsites;
let client: OutboundClient;
let research: ResearchService;
let uploadsDir: string;
let adminId: string;

beforeAll(async () => {
  const icon = { type: "image/png", body: await makePng(180, 180) } satisfies FakeFile;
  const files: Record<string, Record<string, FakeFile>> = {};
  for (const [index, host] of SITES.entries()) {
    files[host] = {
      "/": htmlPage(
        `<meta property="og:site_name" content="Sitetool ${index + 1}"><meta name="description" content="Sitetool ${index + 1} writes release notes from commits. It runs in the browser."><link rel="apple-touch-icon" href="/apple.png">`,
      ),
      "/apple.png": icon,
    };
  }
  files["parked.test"] = { "/": htmlPage("", "<p>This domain is for sale! Make an offer today.</p>") };
  [brave, llm, database, sites] = await Promise.all([
    startFakeBraveSearch({ apiKey: BRAVE_KEY }),
    startFakeLlm({ apiKey: LLM_KEY }),
    createTestDatabase(),
    startFakeIconWebsites(files),
  ]);
  client = createOutboundClient({
    allowPrivate: false,
    allowAddress: (address) => address === "127.0.0.1",
    resolve: sites.resolve,
  });
  research = createResearchService({
    // A pause, so that a run takes long enough to be stopped half-way.
    search: { apiKey: BRAVE_KEY, baseUrl: brave.origin, pauseMs: 60 },
    model: { provider: "anthropic", apiKey: LLM_KEY, baseUrl: llm.anthropicBaseUrl, model: "claude-sonnet-5-5" },
    modelMaxRetries: 0,
    modelTimeoutMs: 5_000,
  });
  const [admin] = await insertUsers(database.db, { email: "ada@example.com", name: "Ada" });
  adminId = admin!.id;
});
afterAll(async () => {
  await client.close();
  await Promise.all([database.dispose(), brave.stop(), llm.stop(), sites.close()]);
});
beforeEach(async () => {
  brave.reset();
  llm.reset();
  sites.requests.length = 0;
  uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-queue-"));
  await database.db.execute(sql`truncate table ${tools}, ${jobRuns}, ${researchRuns}, ${researchQueueEntries} cascade`);
});

const storage = () => createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" });

async function queueWebsites(text: string, assistant: boolean) {
  const { planned, estimate } = await planBatch({ db: database.db, text, assistant, pauseMs: 60 });
  await enqueueBatch({ db: database.db, planned, requestedBy: adminId });
  return estimate;
}

function queueWith(service: ResearchService): JobQueue {
  const idle = async () => ({});
  const definitions: JobDefinitions = {
    "link-check": { cron: null, handler: idle },
    refresh: { cron: null, handler: idle },
    "submission-draft": { cron: null, handler: idle },
    backup: { cron: null, handler: idle },
    "research-queue": {
      cron: null,
      handler: ({ db, signal }) => draftQueuedWebsites({ db, research: service, storage: storage(), client, signal }),
    },
    digest: { cron: null, handler: async () => ({}) },
    "count-votes": { cron: null, handler: idle },
    trending: { cron: null, handler: async () => ({}) },
    "database-upkeep": { cron: null, handler: async () => ({}) },
  };
  return createJobQueue({
    connection: database.jobQueueConnection,
    db: database.db,
    definitions,
    timeoutSeconds: 60,
    pollingIntervalSeconds: 0.5,
    maintenanceIntervalSeconds: 1,
    retryDelaySeconds: 1,
  });
}

const countByState = async () => {
  const rows = await database.db
    .select({ state: researchQueueEntries.state, count: sql<number>`count(*)::int` })
    .from(researchQueueEntries)
    .groupBy(researchQueueEntries.state);
  return Object.fromEntries(rows.map((row) => [row.state, row.count]));
};

async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the research queue", () => {
  test("a restart half-way loses no website and researches none twice", async () => {
    for (const [index] of SITES.entries())
      llm.queue({ kind: "object", value: researchResultFor(`Queued Tool ${index + 1}`) });
    const estimate = await queueWebsites(SITES.map((host) => sites.url(host)).join("\n"), true);
    expect(estimate).toMatchObject({ websites: 10, researched: 10, searches: 30, modelCalls: 10 });

    const first = queueWith(research);
    await first.start();
    expect(await first.runNow("research-queue", adminId)).toBe("queued");
    // Stopped once two websites are done: the one in hand is finished, the rest wait.
    await waitFor(async () => ((await countByState()).drafted ?? 0) >= 2);
    await first.stop(2_000);
    const stopped = await countByState();
    expect(stopped.waiting ?? 0).toBeGreaterThan(0);
    const doneBefore = stopped.drafted ?? 0;
    expect(llm.requests()).toHaveLength(doneBefore);

    // A new process on the same database: the interrupted job is retried and goes on where it was.
    const second = queueWith(research);
    await second.start();
    try {
      await waitFor(async () => ((await countByState()).drafted ?? 0) === 10);
    } finally {
      await second.stop(2_000);
    }

    // Each website researched exactly once: three searches and one model call apiece, no more.
    expect(llm.requests()).toHaveLength(10);
    expect(brave.requests()).toHaveLength(30);
    const subjects = brave.requests().map((request) => request.q ?? "");
    for (const host of SITES)
      expect(
        subjects.filter((q) => q.includes(host)),
        host,
      ).toHaveLength(3);
    // And each home page read once for its text, once more by the logo fetcher, one icon.
    for (const host of SITES)
      expect(sites.requests.filter((request) => request.startsWith(`${host}/`))).toEqual([
        `${host}/`,
        `${host}/`,
        `${host}/apple.png`,
      ]);
    const runs = await database.db.select().from(researchRuns);
    expect(runs).toHaveLength(10);

    const { entries, progress } = await readQueue({ db: database.db });
    expect(progress).toEqual({ total: 10, done: 10, failed: 0, waiting: 0 });
    const names = entries.map((entry) => entry.draft?.name).sort();
    expect(new Set(names).size).toBe(10);
    for (const entry of entries) {
      expect(entry.draft!.metadataOnly).toBe(false);
      expect(entry.draft!.image).toMatch(/^\/uploads\/tool-logos\/.+\.webp$/);
      expect(entry.draft!.sources.length).toBeGreaterThan(1);
    }

    // Accepted at once: published, each with its logo and its fields' sources in the change log.
    const accepted = await acceptQueueEntries({
      db: database.db,
      ids: entries.slice(0, 4).map((entry) => entry.id),
      author: { actorId: adminId, actorName: "Ada" },
    });
    expect(accepted.accepted).toHaveLength(4);
    const published = await database.db.select().from(tools);
    expect(published).toHaveLength(4);
    for (const tool of published) expect(tool.image).toMatch(/^\/uploads\/tool-logos\//);
    const changes = await database.db.select().from(toolChanges).where(eq(toolChanges.toolId, published[0]!.id));
    const description = changes.find((change) => change.field === "description");
    expect(description?.sources.length).toBeGreaterThan(0);
    expect(description?.actorName).toBe("Ada");
  }, 90_000);

  test("without the research assistant, drafts come from each site's own page and say so", async () => {
    const unconfigured = createResearchService({ search: null, model: null });
    await insertTools(database.db, { name: "Listed", website: "https://www.listed.example/app" });
    const estimate = await queueWebsites(
      [
        `- [Sitetool One](${sites.url("site1.test")}) - writes release notes`,
        `- [Sitetool One again](${sites.url("site1.test", "/")})`,
        `- [Listed twin](https://listed.example/)`,
        `- [Nowhere](http://nowhere.test/)`,
        `- [Parked](${sites.url("parked.test")})`,
        `- [Sitetool Two](${sites.url("site2.test")})`,
      ].join("\n"),
      false,
    );
    expect(estimate).toMatchObject({
      websites: 5,
      repeats: 1,
      duplicates: 1,
      researched: 4,
      searches: 0,
      modelCalls: 0,
    });

    const counts = await draftQueuedWebsites({ db: database.db, research: unconfigured, storage: storage(), client });
    expect(counts).toEqual({ drafted: 2, failed: 2 });
    expect(brave.requests()).toHaveLength(0);
    expect(llm.requests()).toHaveLength(0);

    const { entries, progress } = await readQueue({ db: database.db });
    expect(progress).toEqual({ total: 4, done: 4, failed: 2, waiting: 0 });
    const byWebsite = new Map(entries.map((entry) => [new URL(entry.website).hostname, entry]));
    const one = byWebsite.get("site1.test")!;
    expect(one.state).toBe("drafted");
    expect(one.draft).toMatchObject({
      name: "Sitetool One",
      tagline: "Sitetool 1 writes release notes from commits.",
      description: "<p>Sitetool 1 writes release notes from commits. It runs in the browser.</p>",
      metadataOnly: true,
      features: [],
    });
    expect(one.draft!.image).toMatch(/^\/uploads\/tool-logos\//);
    expect(one.draft!.fieldSources.description).toEqual([sites.url("site1.test")]);
    expect(byWebsite.get("listed.example")).toMatchObject({
      state: "duplicate",
      duplicateOf: { kind: "tool", reason: "domain", name: "Listed" },
    });
    expect(byWebsite.get("nowhere.test")).toMatchObject({ state: "failed", failure: "unreachable" });
    expect(byWebsite.get("parked.test")).toMatchObject({ state: "failed", failure: "not-a-tool" });

    // A metadata-only draft lacks what only research finds: accepting it asks for the form.
    const accepted = await acceptQueueEntries({
      db: database.db,
      ids: [one.id],
      author: { actorId: adminId, actorName: "Ada" },
    });
    expect(accepted.accepted).toHaveLength(0);
    expect(accepted.refused[0]).toMatch(/^Complete Sitetool One in the form first/);
  });
});
