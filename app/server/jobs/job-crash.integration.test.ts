import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { jobRuns, toolLinkChecks } from "~/server/db/schema.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { createProcessDatabase, type ProcessDatabase } from "../../../tests/setup/process-database";

// A process killed with SIGKILL in the middle of a link check: its job is neither lost nor done
// twice in effect. The queue gives it to the next process once its time limit has passed, which
// goes on as the same run and checks only the tools the dead process had not finished.

const projectRoot = fileURLToPath(new URL("../../..", import.meta.url));

let database: ProcessDatabase;
const withDatabase: ProcessDatabase["withDatabase"] = (run) => database.withDatabase(run);

beforeAll(async () => {
  database = await createProcessDatabase("job-crash");
});
afterAll(() => database.dispose());

/** The tools' websites: one loopback server; /slow hangs until told to answer. */
function startSites() {
  const requests = new Map<string, number>();
  let slowAnswers = false;
  const hanging = new Set<http.ServerResponse>();
  let onSlowRequest = () => {};
  const server = http.createServer((request, response) => {
    const site = request.url ?? "/";
    requests.set(site, (requests.get(site) ?? 0) + 1);
    if (site === "/slow" && !slowAnswers) {
      hanging.add(response);
      onSlowRequest();
      return;
    }
    response.writeHead(200, { "content-type": "text/html" }).end("<title>A tool</title><p>Welcome.</p>");
  });
  return {
    requests,
    slowRequested: new Promise<void>((resolve) => (onSlowRequest = resolve)),
    answerSlow: () => (slowAnswers = true),
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, "127.0.0.1", () => resolve((server.address() as AddressInfo).port)),
      ),
    close: () => {
      for (const response of hanging) response.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function startWorker(extraEnv: Record<string, string>) {
  // Node itself with tsx's loader, not the tsx command, which would run the worker as its child
  // and take SIGKILL for it.
  const child = spawn(process.execPath, ["--import", "tsx", "tests/setup/job-worker.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "test",
      // debug: the worker says when checks are recorded, so the test knows what a crash can lose.
      LOG_LEVEL: "debug",
      ...database.env,
      SEED_DEMO: "false",
      OUTBOUND_ALLOW_PRIVATE: "true",
      LINK_CHECK_CRON: "off",
      REFRESH_CRON: "off",
      // The digest runs every 15 minutes, the trending scores at minute 17 (its schedule is fixed):
      // only the link check's own end may count as "the job finished" below.
      DIGEST_CRON: "off",
      LINK_CHECK_CONCURRENCY: "1",
      LINK_CHECK_TIMEOUT_MS: "60000",
      JOB_TIMEOUT_SECONDS: "6",
      ...extraEnv,
    },
  }) as ChildProcessWithoutNullStreams;
  let output = "";
  let errors = "";
  const waiters: { holds: (output: string) => boolean; resolve: () => void }[] = [];
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of waiters.filter((entry) => entry.holds(output))) waiter.resolve();
  });
  child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    /** Resolves when the worker's output satisfies `holds`, or rejects when it exits first. */
    printed: (what: string, holds: (output: string) => boolean = (all) => all.includes(what)) =>
      Promise.race([
        new Promise<void>((resolve) => (holds(output) ? resolve() : waiters.push({ holds, resolve }))),
        exited.then((code) =>
          Promise.reject(new Error(`worker exited (${code}) before ${what}:\n${output}\n${errors}`)),
        ),
      ]),
  };
}

/** Whether the worker logged the end of a link-check run (not of another job its schedule started). */
const linkCheckFinished = (output: string) =>
  output.split("\n").some((line) => line.includes('"msg":"job finished"') && line.includes('"kind":"link-check"'));

test("a job whose process is killed mid-run is retried by the next process, once, and checks each tool once", async () => {
  const sites = startSites();
  const port = await sites.listen();
  const site = (name: string) => `http://127.0.0.1:${port}/${name}`;
  await withDatabase(async ({ db }) => {
    // Checked oldest first, one at a time (one host): first, second, then the one that hangs.
    const [first, second, slow] = await insertTools(
      db,
      { name: "First", website: site("first") },
      { name: "Second", website: site("second") },
      { name: "Slow", website: site("slow") },
    );
    const stamp = (toolId: string, at: string) => ({
      toolId,
      checkedAt: new Date(at),
      outcome: "ok" as const,
      consecutiveFailures: 0,
    });
    await db
      .insert(toolLinkChecks)
      .values([
        stamp(first!.id, "2026-01-01T00:00:00Z"),
        stamp(second!.id, "2026-01-02T00:00:00Z"),
        stamp(slow!.id, "2026-01-03T00:00:00Z"),
      ]);
  });

  const doomed = startWorker({ QUEUE_ON_START: "link-check" });
  await sites.slowRequested;
  // Finished checks are written in batches a moment after they end; killed before that, they would
  // be lost with the process and checked again (right, but not what this tests).
  const recorded = (output: string) =>
    [...output.matchAll(/"recorded":(\d+)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  await doomed.printed("two recorded checks", (output) => recorded(output) >= 2);
  doomed.child.kill("SIGKILL");
  await doomed.exited;
  expect(sites.requests.get("/first")).toBe(1);
  expect(sites.requests.get("/second")).toBe(1);
  expect(linkCheckFinished(doomed.output())).toBe(false);

  sites.answerSlow();
  const heir = startWorker({});
  try {
    await heir.printed("the link check's end", linkCheckFinished);
  } finally {
    heir.child.kill("SIGTERM");
    await heir.exited;
    await sites.close();
  }
  // The dead process's finished checks are not repeated; the one it died in is done again.
  expect(Object.fromEntries(sites.requests)).toEqual({ "/first": 1, "/second": 1, "/slow": 2 });

  await withDatabase(async ({ db }) => {
    // The worker's fixed schedules (votes every 15 minutes, trending at minute 17) may add a run of
    // their own when the test spans one: only the link check's runs are this test's.
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.kind, "link-check"));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ kind: "link-check", trigger: "manual", state: "succeeded", attempts: 2 });
    expect(runs[0]!.counts).toMatchObject({ checked: 1, ok: 1 });
    const checks = await db.select().from(toolLinkChecks);
    expect(checks.map((check) => [check.outcome, check.consecutiveFailures, check.jobRunId])).toEqual([
      ["ok", 0, runs[0]!.id],
      ["ok", 0, runs[0]!.id],
      ["ok", 0, runs[0]!.id],
    ]);
  });
}, 120_000);
