import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { toolLinkChecks, tools } from "~/server/db/schema.server";
import { startFakeWebsites, type FakeWebsites } from "../../../tests/fakes/websites";
import { insertTools } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createOutboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";
import { FLAG_AFTER_FAILURES, runLinkChecks, type RunLinkChecksOptions } from "./link-check.server";
import { checkWebsite } from "./website-check.server";

let database: TestDatabase;
let sites: FakeWebsites;
let client: OutboundClient;

const pagedHosts = Array.from({ length: 10 }, (_, index) => `page-${index}.test`);

beforeAll(async () => {
  database = await createTestDatabase();
  sites = await startFakeWebsites({
    // Long enough for requests to overlap, so the limits can be seen at the fake.
    delayMs: 40,
    sites: {
      "ok.test": "ok",
      "moved.test": "moved",
      "not-found.test": "not-found",
      "server-error.test": "server-error",
      "hang.test": "hang",
      "reset.test": "reset",
      "parked.test": "parked",
      "flaky.test": "not-found",
      "shared.test": "ok",
      ...Object.fromEntries(pagedHosts.map((host) => [host, "ok" as const])),
    },
  });
  client = createOutboundClient({ allowPrivate: true, resolve: sites.resolve });
});
afterAll(async () => {
  await client.close();
  await sites.close();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools} cascade`);
  sites.resetCounts();
  sites.setSite("flaky.test", "not-found");
});

/** The real checker against the loopback sites, with a short timeout for the one that hangs. */
const run = (options: Partial<RunLinkChecksOptions> = {}) =>
  runLinkChecks({
    db: database.db,
    jobRunId: randomUUID(),
    concurrency: 8,
    timeoutMs: 500,
    checker: (website, { timeoutMs }) => checkWebsite(website, { timeoutMs, client }),
    ...options,
  });

async function checksByName() {
  const rows = await database.db
    .select({ name: tools.name, check: toolLinkChecks })
    .from(toolLinkChecks)
    .innerJoin(tools, eq(tools.id, toolLinkChecks.toolId));
  return Object.fromEntries(rows.map((row) => [row.name, row.check]));
}

describe("runLinkChecks", () => {
  test("records each outcome, and skips discontinued tools and tools without a website", async () => {
    const hosts = ["ok", "moved", "not-found", "server-error", "hang", "reset", "parked", "gone"];
    await insertTools(
      database.db,
      ...hosts.map((host) => ({ name: host, website: sites.url(`${host}.test`) })),
      { name: "discontinued", website: sites.url("ok.test", "/old"), discontinuedAt: new Date() },
      { name: "no website", website: null },
      { name: "empty website", website: "" },
    );
    const jobRunId = randomUUID();
    const before = new Date();
    const counts = await run({ jobRunId });
    expect(counts).toEqual({ checked: 8, ok: 1, failing: 7, flagged: 0 });

    const checks = await checksByName();
    expect(Object.keys(checks).sort()).toEqual([...hosts].sort());
    const outcomes = Object.fromEntries(
      Object.entries(checks).map(([name, check]) => [name, [check.outcome, check.httpStatus]]),
    );
    expect(outcomes).toEqual({
      ok: ["ok", 200],
      moved: ["moved", 200],
      "not-found": ["client_error", 404],
      "server-error": ["server_error", 500],
      hang: ["timeout", null],
      reset: ["connection_failed", null],
      parked: ["parked", 200],
      gone: ["dns_failure", null],
    });
    expect(checks.ok).toMatchObject({ finalUrl: null, consecutiveFailures: 0, failingSince: null, jobRunId });
    expect(checks.ok!.lastOkAt).toEqual(checks.ok!.checkedAt);
    expect(checks.ok!.checkedAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(checks.moved).toMatchObject({ finalUrl: sites.url("elsewhere.test"), detail: "now at elsewhere.test" });
    expect(checks["not-found"]).toMatchObject({ consecutiveFailures: 1, lastOkAt: null, finalUrl: null });
    expect(checks["not-found"]!.failingSince).toEqual(checks["not-found"]!.checkedAt);
    expect(sites.requests.get("ok.test")).toBe(1); // the discontinued tool's /old was never asked for
  });

  test(`counts failures in a row, flags the tool at ${FLAG_AFTER_FAILURES} once, and starts over on success`, async () => {
    await insertTools(database.db, { name: "flaky", website: sites.url("flaky.test") });
    const failures: number[] = [];
    const flagged: number[] = [];
    let firstFailure: Date | null = null;
    for (let round = 1; round <= 4; round++) {
      const counts = await run();
      flagged.push(counts.flagged);
      const { flaky } = await checksByName();
      failures.push(flaky!.consecutiveFailures);
      firstFailure ??= flaky!.failingSince;
      expect(flaky!.failingSince).toEqual(firstFailure);
    }
    expect(failures).toEqual([1, 2, 3, 4]);
    expect(flagged).toEqual([0, 0, 1, 0]);

    sites.setSite("flaky.test", "ok");
    expect(await run()).toEqual({ checked: 1, ok: 1, failing: 0, flagged: 0 });
    const { flaky } = await checksByName();
    expect(flaky).toMatchObject({ outcome: "ok", consecutiveFailures: 0, failingSince: null });
    expect(flaky!.lastOkAt).toEqual(flaky!.checkedAt);

    sites.setSite("flaky.test", "not-found");
    await run();
    const again = (await checksByName()).flaky!;
    expect(again).toMatchObject({ consecutiveFailures: 1, lastOkAt: flaky!.lastOkAt });
    expect(again.failingSince).toEqual(again.checkedAt);
  });

  test("checks only tools whose last check is older than dueBefore, oldest first", async () => {
    const [fresh, stale, never, gone, emptied] = await insertTools(
      database.db,
      { name: "fresh", website: sites.url("page-0.test") },
      { name: "stale", website: sites.url("page-1.test") },
      { name: "never", website: sites.url("page-2.test") },
      { name: "gone", website: sites.url("page-3.test"), discontinuedAt: new Date() },
      { name: "emptied", website: null },
    );
    const day = 86_400_000;
    await database.db.insert(toolLinkChecks).values([
      { toolId: fresh!.id, checkedAt: new Date(Date.now() - day / 2), outcome: "ok" },
      { toolId: stale!.id, checkedAt: new Date(Date.now() - 3 * day), outcome: "ok" },
      // Checked long ago, then discontinued or left without a website: no longer checked.
      { toolId: gone!.id, checkedAt: new Date(Date.now() - 5 * day), outcome: "ok" },
      { toolId: emptied!.id, checkedAt: new Date(Date.now() - 5 * day), outcome: "ok" },
    ]);
    const order: string[] = [];
    const counts = await run({
      concurrency: 1,
      dueBefore: new Date(Date.now() - day),
      checker: async (website, { timeoutMs }) => {
        order.push(new URL(website).hostname);
        return checkWebsite(website, { timeoutMs, client });
      },
    });
    expect(counts.checked).toBe(2);
    expect(order).toEqual(["page-2.test", "page-1.test"]); // never checked, then the oldest check
    expect((await checksByName()).never).toMatchObject({ outcome: "ok" });
    expect(never).toBeDefined();
  });

  test("a retried job run skips the tools it already checked", async () => {
    await insertTools(database.db, ...pagedHosts.slice(0, 5).map((host) => ({ name: host, website: sites.url(host) })));
    const jobRunId = randomUUID();
    const dueBefore = new Date(Date.now() + 60_000);
    expect((await run({ jobRunId, dueBefore, limit: 2 })).checked).toBe(2);
    expect((await run({ jobRunId, dueBefore })).checked).toBe(3);
    expect((await run({ jobRunId, dueBefore })).checked).toBe(0);
    for (const host of pagedHosts.slice(0, 5)) expect(sites.requests.get(host)).toBe(1);
    // Another run checks them all again.
    expect((await run({ dueBefore })).checked).toBe(5);
  });

  test("asks one host one thing at a time, while other hosts are checked in parallel", async () => {
    await insertTools(
      database.db,
      ...["a", "b", "c", "d", "e"].map((path) => ({
        name: `shared ${path}`,
        website: sites.url("shared.test", `/${path}`),
      })),
      { name: "shared www", website: sites.url("www.shared.test", "/") },
      ...pagedHosts.slice(0, 6).map((host) => ({ name: host, website: sites.url(host) })),
    );
    const counts = await run({ concurrency: 4 });
    expect(counts).toEqual({ checked: 12, ok: 12, failing: 0, flagged: 0 });
    expect(sites.requests.get("shared.test")).toBe(5);
    expect(sites.requests.get("www.shared.test")).toBe(1);
    // www.shared.test is the same site: never at the same time as shared.test.
    expect(sites.maxConcurrentByHost.get("shared.test")).toBe(1);
    expect(sites.maxConcurrent()).toBeGreaterThan(1);
    expect(sites.maxConcurrent()).toBeLessThanOrEqual(4);
  });

  test("pages through the catalogue without checking a tool twice", async () => {
    await insertTools(database.db, ...pagedHosts.map((host) => ({ name: host, website: sites.url(host) })));
    const counts = await run({ concurrency: 3, pageSize: 3 });
    expect(counts.checked).toBe(10);
    for (const host of pagedHosts) expect(sites.requests.get(host)).toBe(1);
  });

  test("a check that throws fails the run after recording what was checked", async () => {
    await insertTools(database.db, ...pagedHosts.map((host) => ({ name: host, website: sites.url(host) })));
    let calls = 0;
    const outOfDescriptors = Object.assign(new Error("too many open files"), { code: "EMFILE" });
    await expect(
      run({
        concurrency: 1,
        checker: async (website, { timeoutMs }) => {
          if (++calls === 3) throw outOfDescriptors;
          return checkWebsite(website, { timeoutMs, client });
        },
      }),
    ).rejects.toBe(outOfDescriptors);
    expect(calls).toBe(3);
    expect(Object.keys(await checksByName())).toHaveLength(2);
  });

  test("stops taking tools when aborted, and records the checks under way", async () => {
    await insertTools(database.db, ...pagedHosts.map((host) => ({ name: host, website: sites.url(host) })));
    const controller = new AbortController();
    const counts = await run({
      concurrency: 2,
      signal: controller.signal,
      checker: async (website, { timeoutMs }) => {
        const result = await checkWebsite(website, { timeoutMs, client });
        controller.abort();
        return result;
      },
    });
    expect(counts.checked).toBeGreaterThanOrEqual(1);
    expect(counts.checked).toBeLessThanOrEqual(2);
    expect(Object.keys(await checksByName())).toHaveLength(counts.checked);
  });
});
