import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertServerBuilt, cleanUpServers, startServer, type RunningServer } from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";

// Accounts as the production server serves them, over real HTTP: what only the whole process
// shows. The setup link it prints, the analytics tag it leaves out for administrators, the local
// outbox, the per-address rate limit behind (or not behind) a proxy, and the cookie attributes.

// A first start runs initdb and the migrations: seconds on an idle machine, far more on a busy CI runner.
const SLOW = 120_000;
const ANALYTICS = { ANALYTICS_SCRIPT_URL: "http://127.0.0.1:9/script.js", ANALYTICS_SITE_ID: "site-123" };
const TRACKING_SRC = "http://127.0.0.1:9/script.js?site_id=site-123";
const INVALID_LINK = "This setup link is invalid, expired or already used.";

beforeAll(() => assertServerBuilt());
// After the file, not after each test: the plain server below serves more than one test.
afterAll(() => cleanUpServers());

let plainServer: Promise<RunningServer> | undefined;
/**
 * One server on an empty catalogue with no other setting, shared by the tests whose requests change
 * nothing another of them checks (a first start costs seconds of CPU); tests that spend the
 * setup link for good, the address's sign-in limit or need settings of their own start their own.
 */
function plainEmptyServer(): Promise<RunningServer> {
  plainServer ??= startServer({ DATA_DIR: preparedDataDir("empty"), SEED_DEMO: "false" });
  return plainServer;
}

// --- Talking to the server as a browser would ---

/** Plain-form POST to our own page, with our Origin (what a browser sends for a same-site form). */
function postForm(
  server: RunningServer,
  pathname: string,
  fields: Record<string, string>,
  {
    cookie,
    origin = server.url,
    headers = {},
  }: { cookie?: string; origin?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}

let guessedAccounts = 0;

/**
 * A sign-in straight to Better Auth's endpoint, the way a script hammering it would; a different
 * account each time, so only the per-address limit is at work (the per-account throttle is tested
 * in front-door.test.ts).
 */
function postSignIn(server: RunningServer, headers: Record<string, string> = {}) {
  guessedAccounts += 1;
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", origin: server.url, ...headers },
    body: JSON.stringify({ email: `nobody-${guessedAccounts}@example.com`, password: "not the password" }),
  });
}

async function getPage(server: RunningServer, pathname: string, cookie?: string) {
  const response = await fetch(`${server.url}${pathname}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { status: response.status, html: await response.text() };
}

/** "name=value" pairs of the response's cookies, to send back. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

function sessionCookie(response: Response, name = "aitlas.session_token"): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
}

/** The link the server printed, found by what it contains. */
function loggedLink(server: RunningServer, contains: string): string | undefined {
  for (const line of server.logs) {
    const match = line.msg?.match(/https?:\/\/\S+/g)?.find((link) => link.includes(contains));
    if (match) return match;
  }
  return undefined;
}

async function waitForLoggedLink(server: RunningServer, contains: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = loggedLink(server, contains);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`the server logged no link containing ${contains}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Redeems the printed setup link through its page: the first administrator, signed in. */
async function createFirstAdmin(server: RunningServer, email: string) {
  const link = await waitForLoggedLink(server, "/setup/admin?token=");
  const token = new URL(link).searchParams.get("token")!;
  const page = await getPage(server, `/setup/admin?token=${token}`);
  expect(page.html).toContain("Create administrator");
  const created = await postForm(server, "/setup/admin", { token, email, password: "correct horse" });
  expect(created.status).toBe(302);
  return { link, token, response: created, cookie: cookieHeader(created) };
}

/** Enough of RFC 2045 quoted-printable to read a link back out of an .eml file. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function expectTrackingTag(html: string) {
  expect(html).toContain("Failed to load tracking script");
  expect(html).toContain(TRACKING_SRC);
}

function expectNoTrackingTag(html: string) {
  expect(html).not.toContain("Failed to load tracking script");
  expect(html).not.toContain("site_id=site-123");
}

describe("the first administrator and the analytics tag", () => {
  it(
    "prints a one-time setup link while there is no admin; the admin gets no tracking script, everyone else does",
    async () => {
      const dataDir = preparedDataDir("empty");
      const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false", ...ANALYTICS });

      expectTrackingTag((await getPage(server, "/")).html);

      const admin = await createFirstAdmin(server, "root@example.com");
      expect(admin.link.startsWith(`${server.url}/setup/admin?token=`)).toBe(true);
      const session = sessionCookie(admin.response);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=Lax/i);
      expect(session).not.toMatch(/;\s*Secure/i);

      const adminHome = await getPage(server, "/", admin.cookie);
      expect(adminHome.status).toBe(200);
      expectNoTrackingTag(adminHome.html);
      // The tag is decided per visitor, never served from a cached page.
      expectTrackingTag((await getPage(server, "/")).html);

      // The link is spent.
      const again = await postForm(server, "/setup/admin", {
        token: admin.token,
        email: "eve@example.com",
        password: "long enough",
      });
      expect(again.status).toBe(403);
      expect(sessionCookie(again)).toBeUndefined();

      await server.stop();
      const restarted = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false", ...ANALYTICS });
      expect(loggedLink(restarted, "/setup/admin")).toBeUndefined();
      // The session survives the restart.
      expectNoTrackingTag((await getPage(restarted, "/", admin.cookie)).html);
      await restarted.stop();
    },
    SLOW,
  );

  it(
    "a spent setup link's page says so",
    async () => {
      const server = await plainEmptyServer();
      // createFirstAdmin opens the link's page first, as the person holding it does.
      const admin = await createFirstAdmin(server, "root@example.com");
      const page = await getPage(server, `/setup/admin?token=${admin.token}`);
      expect(page.html).toContain(INVALID_LINK);
      expect(page.html).not.toContain("Create administrator");
    },
    SLOW,
  );

  it(
    "without SMTP_URL a sign-up lands in DATA_DIR/mail and the log, and the confirmed user is tracked",
    async () => {
      const dataDir = preparedDataDir("empty");
      const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false", ...ANALYTICS });

      const signedUp = await postForm(server, "/sign-in", {
        mode: "sign-up",
        email: "ada@example.com",
        password: "analytical engine",
      });
      expect(signedUp.status).toBe(302);

      const link = await waitForLoggedLink(server, "/auth/confirm?token=");
      expect(link.startsWith(`${server.url}/auth/confirm?token=`)).toBe(true);
      const outbox = fs.readdirSync(path.join(dataDir, "mail")).filter((file) => file.endsWith(".eml"));
      expect(outbox).toHaveLength(1);
      const message = fs.readFileSync(path.join(dataDir, "mail", outbox[0]!), "utf8");
      expect(message).toMatch(/^To: ada@example\.com$/m);
      expect(message).toMatch(/^Subject: Confirm your Aitlas account$/m);
      expect(decodeQuotedPrintable(message)).toContain(link);

      // The link's page asks for the password the account will sign in with.
      expect((await getPage(server, new URL(link).pathname + new URL(link).search)).html).toContain(
        "Confirm and sign in",
      );
      const token = new URL(link).searchParams.get("token")!;
      const confirmed = await postForm(server, "/auth/confirm", { token, password: "analytical engine" });
      expect(confirmed.status).toBe(302);
      expect(confirmed.headers.get("location")).toBe("/");
      const cookie = cookieHeader(confirmed);
      expect(cookie).toContain("aitlas.session_token=");

      const home = await getPage(server, "/", cookie);
      expect(home.status).toBe(200);
      expectTrackingTag(home.html);
      await server.stop();
    },
    SLOW,
  );
});

describe("Better Auth's endpoints in production", () => {
  it(
    "refuse to send anyone to another site after confirming",
    async () => {
      const server = await plainEmptyServer();
      const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.url },
        body: JSON.stringify({
          email: "ada@example.com",
          password: "long enough",
          callbackURL: "https://evil.example/",
        }),
      });
      expect(signIn.status).toBe(403);
      expect(loggedLink(server, "/auth/confirm?token=")).toBeUndefined();

      const edited = await fetch(
        `${server.url}/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent("https://evil.example/")}`,
        {
          redirect: "manual",
        },
      );
      expect(edited.headers.get("location") ?? "").not.toContain("evil.example");
    },
    SLOW,
  );
});

describe("the sign-in rate limit per client address", () => {
  it(
    "counts the socket address when no proxy is trusted, whatever X-Forwarded-For claims",
    async () => {
      const server = await startServer({ DATA_DIR: preparedDataDir("empty"), SEED_DEMO: "false" });
      for (let attempt = 1; attempt <= 20; attempt++) {
        const response = await postSignIn(server, { "x-forwarded-for": `198.51.100.${attempt}` });
        expect(response.status).toBe(401);
      }
      const refused = await postSignIn(server, { "x-forwarded-for": "198.51.100.99" });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many attempts\./);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      // The page form shares the counter.
      const viaPage = await postForm(server, "/sign-in", {
        mode: "sign-in",
        email: "nobody@example.com",
        password: "long enough",
      });
      expect(viaPage.status).toBe(429);
      await server.stop();
    },
    SLOW,
  );

  it(
    "counts each forwarded address separately behind a trusted proxy",
    async () => {
      const server = await startServer({ DATA_DIR: preparedDataDir("empty"), SEED_DEMO: "false", TRUST_PROXY: "1" });
      for (let attempt = 1; attempt <= 20; attempt++) {
        expect((await postSignIn(server, { "x-forwarded-for": "198.51.100.1" })).status).toBe(401);
      }
      expect((await postSignIn(server, { "x-forwarded-for": "198.51.100.1" })).status).toBe(429);
      expect((await postSignIn(server, { "x-forwarded-for": "198.51.100.2" })).status).toBe(401);
      // Only the hop the proxy added counts: a client cannot prepend its way out of the limit.
      expect((await postSignIn(server, { "x-forwarded-for": "203.0.113.5, 198.51.100.1" })).status).toBe(429);
      await server.stop();
    },
    SLOW,
  );
});

describe("behind an https address", () => {
  const PUBLIC_URL = "https://aitlas.example";
  /** What a TLS-terminating proxy in front of the server adds to each request. */
  const VIA_PROXY = {
    "x-forwarded-proto": "https",
    "x-forwarded-host": "aitlas.example",
    "x-forwarded-for": "198.51.100.7",
  };

  it(
    "session cookies are __Secure- prefixed and Secure",
    async () => {
      const server = await startServer({
        DATA_DIR: preparedDataDir("empty"),
        SEED_DEMO: "false",
        PUBLIC_URL,
        TRUST_PROXY: "1",
      });
      const link = await waitForLoggedLink(server, "/setup/admin?token=");
      expect(link.startsWith(`${PUBLIC_URL}/setup/admin?token=`)).toBe(true);
      const token = new URL(link).searchParams.get("token")!;
      const fields = { email: "root@example.com", password: "correct horse" };
      const created = await postForm(
        server,
        "/setup/admin",
        { token, ...fields },
        { origin: PUBLIC_URL, headers: VIA_PROXY },
      );
      expect(created.status).toBe(302);
      expect(sessionCookie(created, "aitlas.session_token")).toBeUndefined();
      expect(sessionCookie(created, "__Secure-aitlas.session_token")).toMatch(/;\s*Secure/i);

      const signedIn = await postForm(
        server,
        "/sign-in",
        { mode: "sign-in", ...fields },
        { origin: PUBLIC_URL, headers: VIA_PROXY },
      );
      expect(signedIn.status).toBe(302);
      const session = sessionCookie(signedIn, "__Secure-aitlas.session_token");
      expect(session).toMatch(/;\s*Secure/i);
      expect(session).toMatch(/;\s*HttpOnly/i);
      expect(session).toMatch(/;\s*SameSite=Lax/i);

      // The cookie signs the browser in: the sign-in page sends a signed-in visitor on.
      const signInPage = await fetch(`${server.url}/sign-in`, {
        redirect: "manual",
        headers: { cookie: cookieHeader(signedIn), ...VIA_PROXY },
      });
      expect(signInPage.status).toBe(302);
      await server.stop();
    },
    SLOW,
  );

  it(
    "a form posted from the public address is accepted though the server itself is reached over http",
    async () => {
      const server = await startServer({ DATA_DIR: preparedDataDir("empty"), SEED_DEMO: "false", PUBLIC_URL });
      const signedUp = await postForm(
        server,
        "/sign-in",
        { mode: "sign-up", email: "ada@example.com", password: "long enough" },
        { origin: PUBLIC_URL },
      );
      expect(signedUp.status).toBe(302);
      await server.stop();
    },
    SLOW,
  );
});
