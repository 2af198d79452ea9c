import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { jobRuns, toolLinkChecks } from "~/server/db/schema.server";
import { createJobQueue, type JobDefinitions } from "~/server/jobs/job-queue.server";
import { insertTools } from "../tests/setup/fixtures";
import { createProcessDatabase, type ProcessDatabase } from "../tests/setup/process-database";
import { callCommand, runScript, type ScriptRun } from "../tests/setup/run-script";
import { jobs as jobsCommand } from "./jobs-command";

// `npm run jobs -- run link-check | list` on the database the configuration names. The link check
// runs as an operator runs it, in a process of its own, against tools' websites on loopback
// (OUTBOUND_ALLOW_PRIVATE=true, which the outbound fetch reads from the process's configuration);
// the rest calls the command in this process.

const SLOW = 60_000;

let site: http.Server;
let siteOrigin: string;
let database: ProcessDatabase;
const withDatabase: ProcessDatabase["withDatabase"] = (run) => database.withDatabase(run);

beforeAll(async () => {
  database = await createProcessDatabase("jobs-cli");
  site = http.createServer((request, response) => {
    response.writeHead(request.url === "/alive" ? 200 : 404, { "content-type": "text/html" }).end("<p>page</p>");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}, SLOW);
afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
  await database.dispose();
});

/** The jobs command with the test database and these schedules, as scripts/jobs.ts would print it. */
function jobs(...args: string[]): Promise<ScriptRun> {
  return callCommand("jobs", jobsCommand, args, {
    ...database.env,
    LINK_CHECK_CRON: "15 2 * * *",
    REFRESH_CRON: null,
  });
}

function jobsProcess(...args: string[]): Promise<ScriptRun> {
  return runScript(
    "scripts/jobs.ts",
    args,
    {
      ...database.env,
      SEED_DEMO: "false",
      OUTBOUND_ALLOW_PRIVATE: "true",
      LINK_CHECK_CRON: "15 2 * * *",
      REFRESH_CRON: "off",
    },
    SLOW,
  );
}

test(
  "run link-check checks every website now, recorded as a command-line run; list shows it with the schedules",
  async () => {
    await withDatabase(({ db }) =>
      insertTools(
        db,
        { name: "Alive", website: `${siteOrigin}/alive` },
        { name: "Gone", website: `${siteOrigin}/gone` },
      ),
    );

    const run = await jobsProcess("run", "link-check");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toBe("Website link check finished: 2 checked, 1 ok, 1 failing, 0 flagged\n");
    await withDatabase(async ({ db }) => {
      const [row] = await db.select().from(jobRuns);
      expect(row).toMatchObject({ kind: "link-check", trigger: "cli", state: "succeeded" });
      const checks = await db.select().from(toolLinkChecks);
      expect(checks.map((check) => check.outcome).sort()).toEqual(["client_error", "ok"]);
    });

    const unrecorded = await jobs("list");
    expect(unrecorded.code).toBe(0);
    expect(unrecorded.stdout).toContain("No schedule is recorded in the database yet");

    // A server with other settings recorded its schedules: those are what run, and what list shows.
    await withDatabase(async (handle) => {
      const idle = async () => ({});
      const definitions: JobDefinitions = {
        "link-check": { cron: "30 4 * * *", handler: idle },
        refresh: { cron: null, handler: idle },
        "submission-draft": { cron: null, handler: idle },
        backup: { cron: null, handler: idle },
        "research-queue": { cron: null, handler: idle },
        digest: { cron: null, handler: idle },
        "count-votes": { cron: null, handler: idle },
        trending: { cron: null, handler: idle },
        "database-upkeep": { cron: null, handler: idle },
      };
      const queue = createJobQueue({
        connection: handle.jobQueueConnection,
        db: handle.db,
        definitions,
        timeoutSeconds: 60,
        work: false,
      });
      await queue.start();
      await queue.stop(2000);
    });
    const list = await jobs("list");
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("Website link check: 30 4 * * * (next ");
    expect(list.stdout).toContain("T04:30:00.000Z) - these settings say 15 2 * * *");
    expect(list.stdout).toContain("AI refresh proposals: off (not scheduled)");
    expect(list.stdout).toMatch(/link-check {2}succeeded in .* {2}2 checked, 1 ok, 1 failing, 0 flagged/);
  },
  SLOW * 2,
);

test(
  "an unknown command or job is not understood (exit 2) and runs nothing",
  async () => {
    const run = await jobs("run", "drop-tables");
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Usage: npm run jobs -- run KIND");
  },
  SLOW,
);
