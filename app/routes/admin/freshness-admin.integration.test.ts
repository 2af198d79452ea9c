import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { action as jobsAction, loader as jobsLoader } from "~/routes/admin/jobs";
import { action as toolsAction, loader as toolsLoader } from "~/routes/admin/tools";
import { loader as homeLoader } from "~/routes/home";
import { listTools } from "~/server/catalog/tools.server";
import { jobRuns, toolChanges, toolLinkChecks, tools } from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { createJobQueue, type JobQueue } from "~/server/jobs/job-queue.server";
import { beginJobRun, finishJobRun } from "~/server/jobs/job-runs.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { formPostRequest, getRequest, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { setDisplayName } from "~/server/members/profile.server";

// /admin/jobs and the tool table's review views (flagged, discontinued) with real sessions, a real
// queue on the test database and the public lists they change.

let database: TestDatabase;
let services: TestServices;
let jobs: JobQueue;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  // Queues and schedules only: what a run does is the handlers' own tests' business.
  jobs = createJobQueue({
    connection: database.jobQueueConnection,
    db: database.db,
    definitions: {
      "link-check": { cron: "0 3 * * *", handler: async () => ({}) },
      refresh: { cron: null, handler: async () => ({}), idleReason: () => "The research assistant is not configured" },
      "submission-draft": { cron: null, handler: async () => ({}) },
      backup: { cron: null, handler: async () => ({}) },
      "research-queue": { cron: null, handler: async () => ({}) },
      digest: { cron: null, handler: async () => ({}) },
      "count-votes": { cron: null, handler: async () => ({}) },
      trending: { cron: null, handler: async () => ({}) },
      "database-upkeep": { cron: null, handler: async () => ({}) },
    },
    timeoutSeconds: 60,
    work: false,
  });
  services = createTestServices({ db: database.db, jobs });
  admin = await createSignedInAdmin(services, "curator@example.com");
  // The change and moderation logs name an administrator by their public name (decision 147).
  await setDisplayName({ db: database.db, userId: admin.id, displayName: "curator" });
  member = await createSignedInUser(services, "member@example.com");
});
afterAll(async () => {
  await jobs.stop(1000);
  await database.dispose();
});

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${jobRuns} cascade`);
  await database.db.execute(
    sql`do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job; end if; end $$`,
  );
});

async function get(loader: (args: never) => unknown, path: string, cookie?: string) {
  const request = getRequest(path, { cookie });
  const context = await contextFor(services, request);
  return settleRoute(() => loader({ request, params: {}, context } as never));
}

async function post(
  action: (args: never) => unknown,
  path: string,
  fields: Record<string, string>,
  { cookie = admin.cookie, origin }: { cookie?: string; origin?: string | null } = {},
) {
  const request = formPostRequest(path, fields, { cookie, origin });
  const context = await contextFor(services, request);
  return settleRoute(() => action({ request, params: {}, context } as never));
}

const flashOf = (headers: Headers | null) =>
  takeFlash(new Request("http://localhost/", { headers: { cookie: headers?.get("set-cookie") ?? "" } })).flash;

describe("/admin/jobs", () => {
  test("shows each schedule with its next run, and the recent runs with their counts and errors", async () => {
    const done = await beginJobRun({ db: database.db, kind: "link-check", trigger: "schedule" });
    await finishJobRun({ db: database.db, id: done.id, counts: { checked: 40, failing: 2 } });
    const failed = await beginJobRun({ db: database.db, kind: "refresh", trigger: "manual", requestedBy: admin.id });
    await finishJobRun({ db: database.db, id: failed.id, counts: {}, error: "model unreachable" });

    const page = await get(jobsLoader, "/admin/jobs", admin.cookie);
    expect(page.status).toBe(200);
    const { schedules, runs } = page.data as {
      schedules: { kind: string; cron: string | null; nextRunAt: string | null; idleReason: string | null }[];
      runs: { kind: string; state: string; counts: object; error: string | null; requestedBy: string | null }[];
    };
    expect(schedules.map(({ kind, cron, idleReason }) => ({ kind, cron, idleReason }))).toEqual([
      { kind: "link-check", cron: "0 3 * * *", idleReason: null },
      { kind: "refresh", cron: null, idleReason: "The research assistant is not configured" },
      { kind: "submission-draft", cron: null, idleReason: null },
      { kind: "backup", cron: null, idleReason: null },
      { kind: "research-queue", cron: null, idleReason: null },
      { kind: "digest", cron: null, idleReason: null },
      { kind: "count-votes", cron: null, idleReason: null },
      { kind: "trending", cron: null, idleReason: null },
      { kind: "database-upkeep", cron: null, idleReason: null },
    ]);
    expect(new Date(schedules[0]!.nextRunAt!).getUTCHours()).toBe(3);
    expect(schedules[1]!.nextRunAt).toBeNull();
    expect(
      runs.map(({ kind, state, counts, error, requestedBy }) => ({ kind, state, counts, error, requestedBy })),
    ).toEqual([
      { kind: "refresh", state: "failed", counts: {}, error: "model unreachable", requestedBy: "curator@example.com" },
      { kind: "link-check", state: "succeeded", counts: { checked: 40, failing: 2 }, error: null, requestedBy: null },
    ]);
  });

  test("Run now queues a run once, and says so when one already waits", async () => {
    const first = await post(jobsAction, "/admin/jobs", { intent: "run", kind: "link-check" });
    expect(first).toMatchObject({ status: 302, location: "/admin/jobs" });
    expect(flashOf(first.headers)?.title).toBe("Website link check queued: it starts within a few seconds.");
    const second = await post(jobsAction, "/admin/jobs", { intent: "run", kind: "link-check" });
    expect(flashOf(second.headers)?.title).toBe("Website link check is already waiting to run.");
    expect((await jobs.queueSizes())["link-check"].waiting).toBe(1);
  });

  test("refuses members, visitors, other sites and unknown jobs, and queues nothing", async () => {
    // A page request is sent home, as every admin page does; a post is refused outright.
    expect(await get(jobsLoader, "/admin/jobs", member.cookie)).toMatchObject({ status: 302, location: "/" });
    expect(await get(jobsLoader, "/admin/jobs")).toMatchObject({ status: 302, location: "/" });
    expect(
      (await post(jobsAction, "/admin/jobs", { intent: "run", kind: "refresh" }, { cookie: member.cookie })).status,
    ).toBe(403);
    expect(
      (await post(jobsAction, "/admin/jobs", { intent: "run", kind: "refresh" }, { origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    const unknown = await post(jobsAction, "/admin/jobs", { intent: "run", kind: "drop-everything" });
    expect(unknown).toMatchObject({ status: 400, data: { ok: false, formError: "Choose a job to run." } });
    expect(await jobs.queueSizes()).toEqual({
      "link-check": { waiting: 0 },
      refresh: { waiting: 0 },
      "submission-draft": { waiting: 0 },
      backup: { waiting: 0 },
      "research-queue": { waiting: 0 },
      digest: { waiting: 0 },
      "count-votes": { waiting: 0 },
      trending: { waiting: 0 },
      "database-upkeep": { waiting: 0 },
    });
  });
});

describe("flagged and discontinued tools", () => {
  async function failing(toolId: string, consecutiveFailures: number) {
    await database.db.insert(toolLinkChecks).values({
      toolId,
      checkedAt: new Date(),
      outcome: "server_error",
      httpStatus: 503,
      consecutiveFailures,
      failingSince: new Date("2026-11-20T08:00:00Z"),
    });
  }

  test("a tool whose website failed three checks in a row is flagged; the admin marks it discontinued", async () => {
    const [dead, wobbly] = await insertTools(
      database.db,
      { name: "Deadpan", category: "Writing" },
      { name: "Wobbly", category: "Writing" },
      { name: "Finely", category: "Writing" },
    );
    await failing(dead!.id, 3);
    await failing(wobbly!.id, 2);

    const flagged = await get(toolsLoader, "/admin/tools?flagged=1", admin.cookie);
    const page = (flagged.data as { toolPage: { tools: { name: string; linkOutcome: string }[]; total: number } })
      .toolPage;
    expect(page.tools.map((tool) => [tool.name, tool.linkOutcome])).toEqual([["Deadpan", "server_error"]]);
    expect(page.total).toBe(1);

    const before = services.invalidations();
    const marked = await post(toolsAction, "/admin/tools", { intent: "discontinue", id: dead!.id });
    expect(marked).toMatchObject({ status: 302, location: "/admin/tools?flagged=1" });
    expect(flashOf(marked.headers)?.title).toBe("Deadpan marked discontinued");
    expect(services.invalidations()).toBe(before + 1);

    const [stored] = await database.db.select().from(tools).where(eq(tools.id, dead!.id));
    expect(stored!.discontinuedAt).toBeInstanceOf(Date);
    const log = await database.db.select().from(toolChanges).where(eq(toolChanges.toolId, dead!.id));
    expect(
      log.map(({ field, before, after, origin, actorName }) => ({ field, before, after, origin, actorName })),
    ).toEqual([{ field: "status", before: "active", after: "discontinued", origin: "admin", actorName: "curator" }]);

    // Out of the lists, their counts and the flagged view; in the graveyard.
    const listed = await listTools({
      db: database.db,
      filters: { query: "", category: null, pricing: [], tags: [] },
      order: "newest",
    });
    expect(listed.tools.map((tool) => tool.name).sort()).toEqual(["Finely", "Wobbly"]);
    expect(listed.total).toBe(2);
    const inCategory = await listTools({
      db: database.db,
      filters: { query: "", category: "Writing", pricing: [], tags: [] },
      order: "newest",
    });
    expect(inCategory.total).toBe(2);
    const searched = await listTools({
      db: database.db,
      filters: { query: "Deadpan", category: null, pricing: [], tags: [] },
      order: "relevance",
    });
    expect(searched.tools).toEqual([]);
    const graveyard = await get(homeLoader, "/?status=discontinued");
    expect(JSON.stringify(graveyard.data)).toContain("Deadpan");
    expect(JSON.stringify(graveyard.data)).not.toContain("Finely");

    const nowFlagged = await get(toolsLoader, "/admin/tools?flagged=1", admin.cookie);
    expect((nowFlagged.data as { toolPage: { total: number } }).toolPage.total).toBe(0);
    const discontinued = await get(toolsLoader, "/admin/tools?status=discontinued", admin.cookie);
    expect(
      (discontinued.data as { toolPage: { tools: { name: string }[] } }).toolPage.tools.map((tool) => tool.name),
    ).toEqual(["Deadpan"]);
  });

  test("listing it again brings it back and is logged; a second click changes nothing", async () => {
    const [tool] = await insertTools(database.db, { name: "Phoenix", category: "Writing" });
    await post(toolsAction, "/admin/tools", { intent: "discontinue", id: tool!.id });
    const restored = await post(toolsAction, "/admin/tools", { intent: "restore", id: tool!.id });
    expect(restored).toMatchObject({ status: 302, location: "/admin/tools?status=discontinued" });
    expect(flashOf(restored.headers)?.title).toBe("Phoenix is listed again");
    const again = await post(toolsAction, "/admin/tools", { intent: "restore", id: tool!.id });
    expect(again).toMatchObject({
      status: 404,
      data: { ok: false, formError: "That tool is not there, or was changed already." },
    });

    const log = await database.db
      .select({ after: toolChanges.after })
      .from(toolChanges)
      .where(eq(toolChanges.toolId, tool!.id))
      .orderBy(toolChanges.createdAt, toolChanges.id);
    expect(log.map((entry) => entry.after).sort()).toEqual(["active", "discontinued"]);
    const listed = await listTools({
      db: database.db,
      filters: { query: "", category: null, pricing: [], tags: [] },
      order: "newest",
    });
    expect(listed.tools.map((entry) => entry.name)).toEqual(["Phoenix"]);
  });

  test("refuses members, other sites and bad input, and changes nothing", async () => {
    const [tool] = await insertTools(database.db, { name: "Steady" });
    const fields = { intent: "discontinue", id: tool!.id };
    expect((await post(toolsAction, "/admin/tools", fields, { cookie: member.cookie })).status).toBe(403);
    expect((await post(toolsAction, "/admin/tools", fields, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(toolsAction, "/admin/tools", { intent: "explode", id: tool!.id })).status).toBe(400);
    expect((await post(toolsAction, "/admin/tools", { intent: "discontinue", id: "not-a-uuid" })).status).toBe(404);
    const [stored] = await database.db.select().from(tools).where(eq(tools.id, tool!.id));
    expect(stored!.discontinuedAt).toBeNull();
    expect(await database.db.select().from(toolChanges)).toEqual([]);
  });
});
