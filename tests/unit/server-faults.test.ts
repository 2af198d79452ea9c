import { createHmac, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import pg from "pg";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  assertServerBuilt,
  cleanUpServers,
  spawnServer,
  startServer,
  temporaryDir,
  type LogLine,
  type RunningServer,
} from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy";

// Faults against the production server as a child process: draining on SIGTERM, and PostgreSQL
// refusing, falling silent and coming back behind a TCP proxy.

const SLOW = 120_000;

beforeAll(() => assertServerBuilt());
afterEach(() => cleanUpServers());

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };
type Attempt = Answer | { refused: string };

/** One request on a connection of its own (no keep-alive), so each one meets the listening socket. */
function request(url: string, headers: Record<string, string> = {}): Promise<Attempt> {
  const began = Date.now();
  return new Promise((resolve, reject) => {
    const outgoing = http.get(url, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode!, headers: response.headers, body, ms: Date.now() - began }),
      );
      response.on("error", reject);
    });
    // A server that never answers fails the test instead of holding it until the test's own timeout.
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error(`${url}: no answer within 10 s`)));
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      // Refused, or reset while waiting in the accept queue: the server never read the request.
      if (error.code === "ECONNREFUSED" || error.code === "ECONNRESET") resolve({ refused: error.code });
      else reject(error);
    });
  });
}

async function answer(url: string, headers?: Record<string, string>): Promise<Answer> {
  const attempt = await request(url, headers);
  if ("refused" in attempt) throw new Error(`${url}: ${attempt.refused}`);
  return attempt;
}

/** Waits for a log line the server writes (the event, not a guess at how long it takes). */
async function logged(server: RunningServer, matches: (line: LogLine) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = server.logs.find(matches);
    if (line) return line;
    if (server.exit()) throw new Error(`the server exited (${JSON.stringify(server.exit())}) before the log line`);
    if (Date.now() > deadline) throw new Error(`no such log line after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A sign-in request whose body is only half sent: the server has accepted it and waits for the
 * rest, so it stays in flight for as long as the test likes.
 */
async function startHeldRequest(url: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify({ email: "held@example.test", password: "not-the-password" });
  const socket = net.connect(Number(port), hostname);
  socket.on("error", () => {});
  let received = "";
  socket.setEncoding("utf8").on("data", (chunk: string) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  socket.write(
    `POST /api/auth/sign-in/email HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
  );
  return {
    receivedSoFar: () => received,
    /** Sends the rest of the body and returns everything the server sent until it closed the connection. */
    finish: async () => {
      socket.write(body.slice(10));
      await closed;
      return received;
    },
  };
}

const isComplete = (answer: Answer) => answer.status === 200 && answer.body.trimEnd().endsWith("</html>");

describe("draining on SIGTERM", () => {
  it(
    "keeps accepting and serving through the grace period while /readyz answers 503, then closes, finishes and exits 0",
    async () => {
      const GRACE = 1500;
      const TIMEOUT = 6000;
      const server = await startServer({
        DATA_DIR: preparedDataDir("empty"),
        SEED_DEMO: "false",
        PAGE_CACHE_SECONDS: "0",
        SHUTDOWN_GRACE_MS: String(GRACE),
        SHUTDOWN_TIMEOUT_MS: String(TIMEOUT),
      });
      expect((await answer(`${server.url}/readyz`)).status).toBe(200);
      const held = await startHeldRequest(server.url);

      const signalledAt = Date.now();
      let exitedAt = 0;
      void server.exited.then(() => (exitedAt = Date.now()));
      process.kill(server.pid, "SIGTERM");
      await logged(server, (line) => line.msg === "shutting down: still serving while /readyz answers 503");

      const readiness = await answer(`${server.url}/readyz`);
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body)).toEqual({ status: "shutting down" });

      // Workers keep opening new connections until the server stops listening.
      const served: Answer[] = [];
      const refusals: number[] = [];
      const worker = async () => {
        for (;;) {
          const attempt = await request(`${server.url}/`);
          if ("refused" in attempt) return void refusals.push(Date.now());
          served.push(attempt);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));

      // Nothing was turned away during the grace period, and everything accepted was answered whole.
      expect(Math.min(...refusals) - signalledAt).toBeGreaterThanOrEqual(GRACE);
      expect(served.length).toBeGreaterThan(0);
      expect(served.filter((answer) => !isComplete(answer)).map((answer) => answer.status)).toEqual([]);

      // The port is closed, and the request accepted before the signal is still in flight: it is
      // answered in full, and then its connection is closed.
      expect(held.receivedSoFar()).toBe("");
      expect(server.exit()).toBeUndefined();
      const heldResponse = await held.finish();
      expect(heldResponse).toMatch(/^HTTP\/1\.1 \d{3} /);

      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(exitedAt - signalledAt).toBeLessThan(TIMEOUT);
      expect(server.logs.map((line) => line.msg)).toContain("stopped");
      expect(server.logs.filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
    },
    SLOW,
  );

  it(
    "waits 5 s by default in production, and a second SIGTERM cuts the grace short",
    async () => {
      // Empty means unset: the production default applies.
      const server = await startServer({
        DATA_DIR: preparedDataDir("empty"),
        SEED_DEMO: "false",
        SHUTDOWN_GRACE_MS: "",
      });
      expect((await answer(`${server.url}/readyz`)).status).toBe(200);
      const signalledAt = Date.now();
      process.kill(server.pid, "SIGTERM");
      const draining = await logged(
        server,
        (line) => line.msg === "shutting down: still serving while /readyz answers 503",
      );
      expect(draining.graceMs).toBe(5000);
      expect((await answer(`${server.url}/readyz`)).status).toBe(503);
      expect(isComplete(await answer(`${server.url}/`))).toBe(true);

      process.kill(server.pid, "SIGTERM");
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(Date.now() - signalledAt).toBeLessThan(5000);
      expect(server.logs.map((line) => line.msg)).toContain("stopped");
    },
    SLOW,
  );

  it(
    "refuses to start with a grace period that leaves no time within the shutdown timeout",
    async () => {
      const server = spawnServer({
        DATA_DIR: temporaryDir(),
        SHUTDOWN_GRACE_MS: "8000",
        SHUTDOWN_TIMEOUT_MS: "8000",
      });
      expect(await server.exited).toEqual({ code: 1, signal: null });
      expect(server.stderr()).toMatch(/^\s+SHUTDOWN_GRACE_MS: must be less than SHUTDOWN_TIMEOUT_MS$/m);
    },
    SLOW,
  );
});

// PostgreSQL outages need a PostgreSQL server to cut off: registered when TEST_DATABASE_URL names one.
if (process.env.TEST_DATABASE_URL) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const AUTH_SECRET = "aitlas-faults-test-secret-0123456789abcdef";

  describe("a PostgreSQL outage", () => {
    let databaseName: string | undefined;
    let proxy: TcpProxy | undefined;

    async function admin(statement: string, database?: string, values: unknown[] = []) {
      const url = new URL(serverUrl);
      if (database) url.pathname = `/${database}`;
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      try {
        await client.query(statement, values);
      } finally {
        await client.end();
      }
    }

    afterEach(async () => {
      await proxy?.cut();
      proxy = undefined;
      await cleanUpServers();
      if (databaseName) await admin(`drop database if exists ${databaseName} with (force)`);
      databaseName = undefined;
    });

    /** A server on a fresh database reached through the proxy, with short database timeouts. */
    async function startBehindProxy() {
      databaseName = `aitlas_faults_${randomBytes(6).toString("hex")}`;
      await admin(`create database ${databaseName}`);
      const target = new URL(serverUrl);
      proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(serverUrl);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      viaProxy.pathname = `/${databaseName}`;
      const server = await startServer({
        DATA_DIR: temporaryDir(),
        DATABASE_URL: viaProxy.toString(),
        SEED_DEMO: "false",
        AUTH_SECRET,
        DATABASE_CONNECT_TIMEOUT_MS: "1000",
        DATABASE_QUERY_TIMEOUT_MS: "1000",
      });
      return { server, proxy };
    }

    /** A signed-in visitor's cookie: a session row and Better Auth's signed cookie for it. */
    async function sessionCookie() {
      const userId = randomUUID();
      const token = randomBytes(24).toString("base64url");
      await admin(`insert into users (id, email, email_verified) values ($1, $2, true)`, databaseName, [
        userId,
        `${userId}@example.test`,
      ]);
      await admin(
        `insert into sessions (token, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
        databaseName,
        [token, userId],
      );
      const signature = createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
      return `aitlas.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
    }

    function expectTemporarilyUnavailable(reply: Answer) {
      expect(reply.status).toBe(503);
      expect(reply.headers["retry-after"]).toMatch(/^\d+$/);
      expect(reply.headers["cache-control"]).toBe("no-store");
      expect(reply.headers["content-type"]).toMatch(/^text\/html/);
      expect(reply.body).toContain("temporarily unavailable");
      expect(reply.ms).toBeLessThan(3000);
    }

    async function waitFor(condition: () => Promise<boolean>) {
      const deadline = Date.now() + 10_000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error("the condition still fails after 10 s");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    async function waitForRecovery(url: string) {
      const deadline = Date.now() + 15_000;
      for (;;) {
        const reply = await answer(url);
        if (reply.status === 200) return reply;
        if (Date.now() > deadline) throw new Error(`${url} still answers ${reply.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }

    it(
      "refusing: pages answer 503 with Retry-After, cached anonymous pages are still served, and it recovers",
      async () => {
        const { server, proxy } = await startBehindProxy();
        const signedIn = { cookie: await sessionCookie() };
        expect(isComplete(await answer(`${server.url}/`, signedIn))).toBe(true);
        // Warms the page cache for anonymous visitors.
        expect((await answer(`${server.url}/about`)).status).toBe(200);

        await proxy.refuse();
        expectTemporarilyUnavailable(await answer(`${server.url}/?q=refused`));
        // Better Auth's session lookup fails first for a signed-in visitor.
        expectTemporarilyUnavailable(await answer(`${server.url}/`, signedIn));
        const data = await answer(`${server.url}/_root.data?q=data`);
        expect(data.status).toBe(503);
        expect(data.headers["content-type"]).toMatch(/^application\/json/);
        expect(JSON.parse(data.body)).toMatchObject({
          code: "unavailable",
          error: expect.stringContaining("temporarily unavailable"),
        });
        // Better Auth's own endpoints, which catch the error themselves.
        const session = await answer(`${server.url}/api/auth/get-session`, signedIn);
        expect(session.status).toBe(503);
        expect(session.headers["retry-after"]).toMatch(/^\d+$/);
        expect(JSON.parse(session.body)).toMatchObject({
          code: "unavailable",
          error: expect.stringContaining("temporarily unavailable"),
        });
        // The public API answers in its own error format, problem details.
        const api = await answer(`${server.url}/api/v1/tools?q=outage`);
        expect(api.status).toBe(503);
        expect(api.headers["content-type"]).toMatch(/^application\/problem\+json/);
        expect(api.headers["retry-after"]).toMatch(/^\d+$/);
        expect(api.headers["access-control-allow-origin"]).toBe("*");
        expect(JSON.parse(api.body)).toMatchObject({
          type: "about:blank",
          title: "Service Unavailable",
          status: 503,
          detail: expect.stringContaining("temporarily unavailable"),
        });
        const cached = await answer(`${server.url}/about`);
        expect(cached.status).toBe(200);
        expect(cached.headers["x-cache"]).toBe("HIT");
        expect((await answer(`${server.url}/readyz`)).status).toBe(503);
        expect((await answer(`${server.url}/healthz`)).status).toBe(200);

        await proxy.restore();
        expect(isComplete(await waitForRecovery(`${server.url}/?q=restored`))).toBe(true);
        expect(isComplete(await answer(`${server.url}/`, signedIn))).toBe(true);
        expect((await answer(`${server.url}/readyz`)).status).toBe(200);
        expect(server.exit()).toBeUndefined();
        expect(server.logs.filter((line) => (line.level ?? 0) >= 50)).toEqual([]);
        expect(await server.stop()).toEqual({ code: 0, signal: null });
      },
      SLOW,
    );

    it(
      "black-holed: pages answer 503 within 3 s even when many wait at once, and the process survives the link's return",
      async () => {
        const { server, proxy } = await startBehindProxy();
        const signedIn = { cookie: await sessionCookie() };
        expect(isComplete(await answer(`${server.url}/?q=before`))).toBe(true);

        proxy.blackHole();
        // More requests than the pool has connections: the ones queued for a connection time out too.
        const replies = await Promise.all(
          Array.from({ length: 16 }, (_, i) => answer(`${server.url}/?q=silent-${i}`, i % 2 ? signedIn : {})),
        );
        for (const reply of replies) expectTemporarilyUnavailable(reply);
        expect((await answer(`${server.url}/readyz`)).status).toBe(503);

        // The link comes back; connections lost in the silence break now.
        await proxy.restore();
        expect(isComplete(await waitForRecovery(`${server.url}/?q=after`))).toBe(true);
        expect(isComplete(await answer(`${server.url}/`, signedIn))).toBe(true);
        expect((await answer(`${server.url}/readyz`)).status).toBe(200);
        expect(server.exit()).toBeUndefined();
        expect(server.stderr()).not.toContain("Connection terminated unexpectedly");

        // Other processes' writes reach this one's page cache again: the LISTEN connection is back.
        await logged(server, (line) => line.msg === "reconnected the database notification connection");
        expect((await answer(`${server.url}/about`)).headers["x-cache"]).toBe("MISS");
        expect((await answer(`${server.url}/about`)).headers["x-cache"]).toBe("HIT");
        expect((await answer(`${server.url}/api/v1/categories`)).headers["x-cache"]).toBe("MISS");
        expect((await answer(`${server.url}/api/v1/categories`)).headers["x-cache"]).toBe("HIT");
        await admin(`notify aitlas_public_pages`, databaseName);
        await waitFor(async () => (await answer(`${server.url}/about`)).headers["x-cache"] === "MISS");
        // Cached API answers go with the pages (decision 071).
        expect((await answer(`${server.url}/api/v1/categories`)).headers["x-cache"]).toBe("MISS");
        expect(await server.stop()).toEqual({ code: 0, signal: null });
      },
      SLOW,
    );
  });
}
