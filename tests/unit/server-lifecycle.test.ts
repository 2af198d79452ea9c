import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/client.server";
import { demoTools } from "~/server/db/demo/tools.server";
import {
  assertServerBuilt,
  cleanUpServers,
  freePort,
  spawnServer,
  startServer,
  temporaryDir,
  type RunningServer,
} from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy";

// The real production server as a separate process: start-up, data directory lock, readiness
// and graceful shutdown are properties of the process, not of any function inside it.

// A first start runs initdb, migrations and the seed: seconds on an idle machine, far more on a busy CI runner.
const SLOW = 120_000;
const NO_TOOLS = "No tools found matching your criteria.";

beforeAll(() => assertServerBuilt());
afterEach(() => cleanUpServers());

async function get(url: string) {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
}

/** The "48 tools" count the home page shows above the grid. */
function toolCount(homeHtml: string): number {
  const match = /aria-live="polite">([\d,]+) tools?/.exec(homeHtml.replaceAll("<!-- -->", ""));
  if (!match) throw new Error("the home page shows no tool count");
  return Number(match[1]!.replaceAll(",", ""));
}

async function expectHealthy(server: RunningServer, database: "pglite" | "postgres") {
  expect(await get(`${server.url}/healthz`)).toEqual({ status: 200, body: JSON.stringify({ status: "ok" }) });
  const ready = await get(`${server.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(JSON.parse(ready.body)).toEqual({ status: "ready", database });
}

async function expectCleanStop(server: RunningServer, signal: NodeJS.Signals = "SIGTERM") {
  expect(await server.stop(signal)).toEqual({ code: 0, signal: null });
  expect(server.logs.some((line) => line.msg === "stopped")).toBe(true);
}

function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const seedingLines = (server: RunningServer) => server.logs.filter((line) => line.msg === "seeded the demo catalogue");

describe("the production server on PGlite", () => {
  it(
    "creates the data directory, migrates and seeds on first start, then reuses the data",
    async () => {
      const dataDir = path.join(temporaryDir(), "not-yet-created");
      const first = await startServer({ DATA_DIR: dataDir });
      expect(fs.statSync(dataDir).isDirectory()).toBe(true);
      expect(seedingLines(first)).toEqual([
        expect.objectContaining({ toolsAdded: demoTools.length, articlesAdded: expect.any(Number) }),
      ]);
      await expectHealthy(first, "pglite");
      const home = await get(`${first.url}/`);
      expect(home.status).toBe(200);
      expect(toolCount(home.body)).toBe(demoTools.length);
      expect(home.body).toContain(`href="/tool/${demoTools[0]!.slug}"`);
      await expectCleanStop(first);

      const second = await startServer({ DATA_DIR: dataDir });
      expect(seedingLines(second)).toEqual([]);
      await expectHealthy(second, "pglite");
      expect(toolCount((await get(`${second.url}/`)).body)).toBe(demoTools.length);
      await expectCleanStop(second);

      // Every migration is recorded in the directory the server left behind.
      const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: unknown[] };
      const stored = await openDatabase({ kind: "pglite", dataDir });
      try {
        const applied = (await stored.db.execute(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )) as unknown as {
          rows: { n: number }[];
        };
        expect(applied.rows[0]!.n).toBe(journal.entries.length);
      } finally {
        await stored.close();
      }
    },
    SLOW,
  );

  it(
    "starts with an empty catalogue when SEED_DEMO=false",
    async () => {
      // The seed runs whenever the catalogue is empty (SEED_DEMO's default would fill this one): a
      // migrated empty copy asks the same question without another initdb and migration run.
      const server = await startServer({ DATA_DIR: preparedDataDir("empty"), SEED_DEMO: "false" });
      expect(seedingLines(server)).toEqual([]);
      const home = await get(`${server.url}/`);
      expect(home.status).toBe(200);
      expect(home.body).toContain(NO_TOOLS);
      expect(toolCount(home.body)).toBe(0);
      await expectCleanStop(server);
    },
    SLOW,
  );

  it(
    "refuses a second server on a data directory in use, and the first keeps serving",
    async () => {
      // A copy of the migrated demo directory: first starts are the test above's subject.
      const dataDir = preparedDataDir("demo");
      const first = await startServer({ DATA_DIR: dataDir });

      const second = spawnServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
      const exit = await within(second.exited, 60_000, "the second server did not exit");
      expect(exit.code).not.toBe(0);
      expect(exit.code).not.toBeNull();
      expect(second.stderr()).toContain("already using the data directory");
      expect(second.stderr()).toContain(dataDir);
      expect(second.stderr()).toContain(`process ${first.pid}`);

      await expectHealthy(first, "pglite");
      expect(toolCount((await get(`${first.url}/`)).body)).toBe(demoTools.length);
      await expectCleanStop(first);
    },
    SLOW,
  );

  it(
    "honours PORT and HOST",
    async () => {
      const port = await freePort();
      const server = await startServer({
        DATA_DIR: preparedDataDir("empty"),
        PORT: String(port),
        HOST: "127.0.0.1",
        SEED_DEMO: "false",
      });
      expect(server.url).toBe(`http://127.0.0.1:${port}`);
      expect((await get(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      // Bound to 127.0.0.1 only: another loopback address on the same port finds nobody.
      await expect(connect("127.0.0.2", port)).rejects.toMatchObject({ code: "ECONNREFUSED" });
      await expectCleanStop(server);
    },
    SLOW,
  );

  it(
    "exits non-zero and names the bad fields when the configuration is invalid",
    async () => {
      const server = spawnServer({ DATA_DIR: temporaryDir(), PORT: "abc", SEED_DEMO: "perhaps" });
      const exit = await within(server.exited, 30_000, "the misconfigured server did not exit");
      expect(exit.code).toBe(1);
      expect(server.stderr()).toContain("Invalid environment configuration");
      expect(server.stderr()).toMatch(/^\s+PORT: /m);
      expect(server.stderr()).toMatch(/^\s+SEED_DEMO: /m);
      expect(server.logs).toEqual([]);
    },
    SLOW,
  );
});

function connect(host: string, port: number) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, host, () => {
      socket.destroy();
      resolve();
    });
    socket.on("error", reject);
  });
}

/** What one request under shutdown came to. */
type Outcome =
  { kind: "complete"; at: number } | { kind: "refused"; code: string; at: number } | { kind: "broken"; detail: string };

/**
 * The connection failed before any response: the server had stopped listening (ECONNREFUSED),
 * dropped a connection still waiting in its accept queue (ECONNRESET), or closed an idle
 * keep-alive connection just as the client reused it (UND_ERR_SOCKET). The server never read
 * these requests, so they were never accepted.
 */
const REFUSED = new Set(["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET"]);

function errorCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string }).code ?? String(error);
}

async function requestPage(url: string): Promise<Outcome> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    const code = errorCode(error);
    return REFUSED.has(code)
      ? { kind: "refused", code, at: Date.now() }
      : { kind: "broken", detail: `${url}: ${code}` };
  }
  try {
    const body = await response.text();
    if (response.status !== 200) return { kind: "broken", detail: `${url}: status ${response.status}` };
    if (!body.trimEnd().endsWith("</html>"))
      return { kind: "broken", detail: `${url}: body cut off at ${body.length} chars` };
    return { kind: "complete", at: Date.now() };
  } catch (error) {
    return { kind: "broken", detail: `${url}: status ${response.status}, body failed: ${errorCode(error)}` };
  }
}

const PAGES = ["/", "/tool/chatgpt", "/category/Writing", "/?q=ai"];

describe.each(["SIGTERM", "SIGINT"] as const)("graceful shutdown on %s", (signal) => {
  it(
    "answers every accepted request in full, exits 0 and leaves a data directory that restarts cleanly",
    async () => {
      const dataDir = preparedDataDir("demo");
      // No page cache: every request reaches the database, so requests are still in flight at the signal.
      // LOG_LEVEL=debug: the access lines count the pages served.
      const settings = { DATA_DIR: dataDir, PAGE_CACHE_SECONDS: "0", LOG_LEVEL: "debug" };
      const server = await startServer(settings);
      const before = toolCount((await get(`${server.url}/`)).body);

      const outcomes: Outcome[] = [];
      let completed = 0;
      let signalledAt = 0;
      const loop = async (worker: number) => {
        for (let i = 0; i < 40; i++) {
          const outcome = await requestPage(`${server.url}${PAGES[(worker + i) % PAGES.length]}`);
          outcomes.push(outcome);
          if (outcome.kind === "complete") completed++;
          if (!signalledAt && completed >= 40) {
            signalledAt = Date.now();
            process.kill(server.pid, signal);
          }
          // Once the server turns requests away it is gone; more attempts would only add refusals.
          if (outcome.kind === "refused") return;
        }
      };
      let exitedAt = 0;
      void server.exited.then(() => (exitedAt = Date.now()));
      await Promise.all(Array.from({ length: 20 }, (_, worker) => loop(worker)));

      expect(signalledAt, "the signal was never sent").toBeGreaterThan(0);
      const exit = await within(
        server.exited,
        Math.max(0, signalledAt + 10_000 - Date.now()),
        "the server did not exit",
      );
      expect(exit).toEqual({ code: 0, signal: null });
      expect(exitedAt - signalledAt).toBeLessThan(10_000);
      expect(outcomes.filter((o) => o.kind === "broken")).toEqual([]);
      expect(
        outcomes.filter((o) => o.kind === "refused" && o.at < signalledAt),
        "refused before the signal",
      ).toEqual([]);
      // Each page the server finished reached the client whole: none was lost to a reset after the fact.
      const pagesServed = server.logs.filter((line) => PAGES.includes(String(line.url)) && line.status === 200).length;
      expect(pagesServed).toBe(completed + 1);
      // Requests in flight at the signal were finished, not dropped.
      expect(outcomes.some((o) => o.kind === "complete" && o.at > signalledAt)).toBe(true);
      expect(server.logs.map((line) => line.msg)).toContain("stopped");
      expect(server.logs.filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
      expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);

      const restarted = await startServer(settings);
      expect(seedingLines(restarted)).toEqual([]);
      await expectHealthy(restarted, "pglite");
      expect(toolCount((await get(`${restarted.url}/`)).body)).toBe(before);
      await expectCleanStop(restarted, signal);
    },
    SLOW,
  );
});

// Readiness only fails when the database stops answering, which needs a database server to cut
// off: this runs when TEST_DATABASE_URL names a PostgreSQL server (CI sets it), and is not
// registered at all otherwise — embedded PGlite lives inside the process and cannot go away.
if (process.env.TEST_DATABASE_URL) {
  const serverUrl = process.env.TEST_DATABASE_URL;

  describe("the production server on PostgreSQL", () => {
    let databaseName: string | undefined;
    let proxy: TcpProxy | undefined;

    async function admin(statement: string) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    afterEach(async () => {
      await proxy?.cut();
      proxy = undefined;
      if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
      databaseName = undefined;
    });

    it(
      "migrates and seeds, and /readyz answers 503 while the database is unreachable",
      async () => {
        databaseName = `aitlas_lifecycle_${randomBytes(6).toString("hex")}`;
        await admin(`create database ${databaseName}`);
        const target = new URL(serverUrl);
        proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
        const viaProxy = new URL(serverUrl);
        viaProxy.hostname = "127.0.0.1";
        viaProxy.port = String(proxy.port);
        viaProxy.pathname = `/${databaseName}`;

        const server = await startServer({ DATA_DIR: temporaryDir(), DATABASE_URL: viaProxy.toString() });
        expect(seedingLines(server)).toEqual([expect.objectContaining({ toolsAdded: demoTools.length })]);
        await expectHealthy(server, "postgres");
        expect(toolCount((await get(`${server.url}/`)).body)).toBe(demoTools.length);

        await proxy.cut();
        const deadline = Date.now() + 5_000;
        let readiness = await get(`${server.url}/readyz`);
        while (readiness.status !== 503 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          readiness = await get(`${server.url}/readyz`);
        }
        expect(readiness.status).toBe(503);
        expect(JSON.parse(readiness.body)).toEqual({ status: "unavailable", database: "postgres" });
        expect((await get(`${server.url}/healthz`)).status).toBe(200);
        expect(server.exit()).toBeUndefined();

        await expectCleanStop(server);
      },
      SLOW,
    );
  });
}
