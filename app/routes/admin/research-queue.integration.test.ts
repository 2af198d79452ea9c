import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { QueueDraft } from "~/lib/research-queue";
import { action as queueAction, loader as queueLoader } from "~/routes/admin/research-queue";
import { action as toolFormAction, loader as toolFormLoader } from "~/routes/admin/tool-form";
import { researchQueueEntries, toolChanges, tools } from "~/server/db/schema.server";
import { createJobQueue, type JobQueue } from "~/server/jobs/job-queue.server";
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

// /admin/research-queue as an administrator's browser reaches it without JavaScript: the preview
// with its cost, Start (entries queued, the job queued), and the decisions on drafts, one, a
// selection, or through the tool form. The drafting itself is the job's own test
// (server/research/research-queue.integration.test.ts).

let database: TestDatabase;
let services: TestServices;
let jobs: JobQueue;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  const idle = { cron: null, handler: async () => ({}) };
  // Queues only: what a run does is the job's own test.
  jobs = createJobQueue({
    connection: database.jobQueueConnection,
    db: database.db,
    definitions: {
      "link-check": idle,
      refresh: idle,
      "submission-draft": idle,
      backup: idle,
      "research-queue": idle,
      digest: idle,
      "count-votes": idle,
      trending: idle,
      "database-upkeep": idle,
    },
    timeoutSeconds: 60,
    work: false,
  });
  services = createTestServices({ db: database.db, jobs });
  admin = await createSignedInAdmin(services, "curator@example.com");
  member = await createSignedInUser(services, "member@example.com");
});
afterAll(async () => {
  await jobs.stop(1_000);
  await database.dispose();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${researchQueueEntries}, ${tools} cascade`);
});

async function get(loader: (args: never) => unknown, path: string, { params = {} } = {}) {
  const request = getRequest(path, { cookie: admin.cookie, data: true });
  const context = await contextFor(services, request);
  return settleRoute(async () => loader({ request, params, context } as never));
}

async function send(action: (args: never) => unknown, request: Request, params: object = {}) {
  const context = await contextFor(services, request);
  return settleRoute(async () => action({ request, params, context } as never));
}

const post = (body: Record<string, string | string[]>, cookie = admin.cookie) =>
  send(queueAction, formPostRequest("/admin/research-queue", body, { cookie }));

function draftOf(name: string, overrides: Partial<QueueDraft> = {}): QueueDraft {
  const website = `https://${name.toLowerCase().replace(/\W+/g, "")}.example`;
  return {
    name,
    category: "Writing",
    description: `<p>${name} writes release notes.</p>`,
    image: "",
    website,
    features: ["Release notes"],
    pros: [],
    cons: [],
    pricing: { Free: "Free plan", Pro: "$9/month" },
    tagline: `${name} writes release notes.`,
    pricingModel: "freemium",
    startingPrice: "$9/month",
    tags: [],
    sources: [{ title: `${name} pricing`, url: `${website}/pricing` }],
    fieldSources: { description: [`${website}/pricing`], details: [`${website}/pricing`] },
    metadataOnly: false,
    ...overrides,
  };
}

async function insertDraft(name: string, overrides: Partial<typeof researchQueueEntries.$inferInsert> = {}) {
  const draft = draftOf(name);
  const [row] = await database.db
    .insert(researchQueueEntries)
    .values({ website: draft.website, siteKey: new URL(draft.website).hostname, state: "drafted", draft, ...overrides })
    .returning();
  return row!;
}

const entryNow = async (id: string) =>
  (await database.db.select().from(researchQueueEntries).where(eq(researchQueueEntries.id, id)))[0]!;

describe("Add many tools", () => {
  test("only an administrator may post, and the page explains itself while empty", async () => {
    expect((await post({ intent: "preview", websites: "https://acme.example" }, member.cookie)).status).toBe(403);
    const page = await get(queueLoader, "/admin/research-queue");
    expect(page.data).toMatchObject({ entries: [], progress: null, assistant: false, pauseMs: 1100 });
  });

  test("a preview counts websites, repeats, duplicates and the cost; Start queues them and the job", async () => {
    await insertTools(database.db, { name: "Listed", website: "https://listed.example" });
    const text = [
      "https://acme.example",
      "acme.example/",
      "https://app.listed.example/login",
      "not a website",
      "https://writer.example",
    ].join("\n");
    const preview = await post({ intent: "preview", websites: text });
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({
      ok: true,
      data: {
        estimate: { websites: 3, repeats: 1, invalid: 1, duplicates: 1, researched: 2, searches: 0, modelCalls: 0 },
      },
    });
    const { websites } = (preview.data as { data: { websites: string } }).data;

    // The CSV form of the same list, uploaded.
    const form = new FormData();
    form.set("intent", "preview");
    form.set("websites", "");
    form.set(
      "csv",
      new File(["Name,Website\nAcme,https://acme.example\nWriter,https://writer.example\n"], "tools.csv"),
    );
    const uploaded = await send(
      queueAction,
      new Request(new URL("/admin/research-queue", TEST_SITE_URL), {
        method: "POST",
        headers: { cookie: admin.cookie, origin: new URL(TEST_SITE_URL).origin },
        body: form,
      }),
    );
    expect(uploaded.data).toMatchObject({ ok: true, data: { estimate: { websites: 2, researched: 2 } } });

    expect((await post({ intent: "preview", websites: "" })).data).toMatchObject({
      ok: false,
      formError: "Paste at least one website, or choose a CSV file with a website column",
    });

    const started = await post({ intent: "start", websites });
    expect(started.status).toBe(302);
    expect(started.location).toBe("/admin/research-queue");
    expect((await jobs.queueSizes())["research-queue"].waiting).toBe(1);
    const rows = await database.db.select().from(researchQueueEntries).orderBy(researchQueueEntries.position);
    expect(rows.map((row) => [row.website, row.state])).toEqual([
      ["https://acme.example/", "waiting"],
      ["https://app.listed.example/login", "duplicate"],
      ["https://writer.example/", "waiting"],
    ]);
    const page = await get(queueLoader, "/admin/research-queue");
    expect(page.data).toMatchObject({ progress: { total: 2, done: 0, failed: 0, waiting: 2 } });
  });

  test("accept publishes with sources in the change log; a selection holds back likely duplicates; reject removes", async () => {
    const one = await insertDraft("Notewise");
    const two = await insertDraft("Changelogger");
    const twin = await insertDraft("Notewise AI", {
      duplicateOf: { kind: "entry", reason: "name", entryId: one.id, website: one.website },
    });
    const gone = await insertDraft("Rejectable");

    expect((await post({ intent: "accept", entryId: one.id })).status).toBe(302);
    const [tool] = await database.db.select().from(tools).where(eq(tools.name, "Notewise"));
    expect(tool).toMatchObject({ pricingModel: "freemium", tagline: "Notewise writes release notes." });
    expect(await entryNow(one.id)).toMatchObject({ state: "accepted", toolId: tool!.id });
    const changes = await database.db.select().from(toolChanges).where(eq(toolChanges.toolId, tool!.id));
    expect(changes.find((change) => change.field === "description")?.sources).toEqual([
      { url: "https://notewise.example/pricing", title: "Notewise pricing", snippet: "" },
    ]);
    // Accepting twice is refused, answered on the page.
    expect((await post({ intent: "accept", entryId: one.id })).data).toMatchObject({ ok: false });

    const selected = await post({ intent: "accept-selected", entryIds: [two.id, twin.id] });
    expect(selected.status).toBe(302);
    expect((await entryNow(two.id)).state).toBe("accepted");
    expect((await entryNow(twin.id)).state).toBe("drafted");
    expect((await post({ intent: "accept-selected" })).data).toMatchObject({ ok: false });

    expect((await post({ intent: "reject", entryId: gone.id })).status).toBe(302);
    expect((await entryNow(gone.id)).state).toBe("rejected");
    expect((await post({ intent: "reject", entryId: "not-an-id" })).status).toBe(400);
  });

  test("Edit opens the tool form filled with the draft; saving it publishes and takes the draft off the list", async () => {
    const entry = await insertDraft("Formfill", { draft: draftOf("Formfill", { metadataOnly: true }) });
    const form = await get(toolFormLoader, `/admin/tools/new?queueEntry=${entry.id}`, { params: { id: "new" } });
    expect(form.data).toMatchObject({
      prefill: { name: "Formfill", website: "https://formfill.example", pricingModel: "freemium" },
      queueEntry: { id: entry.id, metadataOnly: true },
    });
    const saved = await send(
      toolFormAction,
      formPostRequest(
        "/admin/tools/new",
        {
          intent: "save",
          queueEntry: entry.id,
          name: "Formfill",
          category: "Writing",
          description: "<p>Formfill writes release notes.</p>",
          image: "",
          website: "https://formfill.example",
          slug: "",
          metaTitle: "",
          features: ["Release notes"],
          pros: [""],
          cons: [""],
          pricingShape: "none",
          tagline: "Writes release notes.",
          pricingModel: "freemium",
          startingPrice: "",
        },
        { cookie: admin.cookie },
      ),
      { id: "new" },
    );
    expect(saved.status).toBe(302);
    const [tool] = await database.db.select().from(tools).where(eq(tools.name, "Formfill"));
    expect(await entryNow(entry.id)).toMatchObject({ state: "accepted", toolId: tool!.id });
    // An entry that is no longer a draft is not there to open.
    expect(
      (await get(toolFormLoader, `/admin/tools/new?queueEntry=${entry.id}`, { params: { id: "new" } })).status,
    ).toBe(404);
  });
});
