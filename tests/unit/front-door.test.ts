import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOidcProvider, type FakeOidcProvider } from "../fakes/oidc-provider";
import { extractLinks, startFakeSmtp, type FakeSmtp } from "../fakes/smtp";
import { assertServerBuilt, cleanUpServers, startServer, type RunningServer } from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";

// Attacks on the front door (redirects, sign-in, sign-up, confirmation), over real HTTP against the
// production server, with a loopback SMTP server and a loopback Google. One server for the file:
// every test uses its own addresses (X-Forwarded-For behind TRUST_PROXY=1) and its own accounts,
// so the per-address limits of one test never reach another.

const SLOW = 120_000;
const GOOGLE = { clientId: "aitlas-front-door", clientSecret: "aitlas-front-door-secret" };

let server: RunningServer;
let smtp: FakeSmtp;
let google: FakeOidcProvider;

beforeAll(async () => {
  assertServerBuilt();
  smtp = await startFakeSmtp();
  google = await startFakeOidcProvider(GOOGLE);
  server = await startServer({
    DATA_DIR: preparedDataDir("demo"),
    // The demo catalogue gives the comment-limit test a tool to comment on.
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    GOOGLE_CLIENT_ID: GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
    GOOGLE_ISSUER_URL: google.issuer,
  });
}, SLOW);

afterAll(async () => {
  await server?.stop();
  await cleanUpServers();
  await smtp?.stop();
  await google?.stop();
});

// --- Talking to the server as browsers on many addresses would ---

let lastAddress = 0;
/** A client address never used before in this file. */
function freshAddress(): string {
  lastAddress += 1;
  return `10.0.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

let lastAccount = 0;
function uniqueEmail(name: string): string {
  lastAccount += 1;
  return `${name}-${lastAccount}@example.com`;
}

type Client = { address?: string; cookie?: string };

function clientHeaders({ address = freshAddress(), cookie }: Client): Record<string, string> {
  return { "x-forwarded-for": address, ...(cookie ? { cookie } : {}) };
}

function postForm(pathname: string, fields: Record<string, string>, client: Client = {}) {
  return fetch(`${server.url}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.url,
      ...clientHeaders(client),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

function get(pathname: string, client: Client = {}) {
  return fetch(pathname.startsWith("http") ? pathname : `${server.url}${pathname}`, {
    redirect: "manual",
    headers: clientHeaders(client),
  });
}

/** Better Auth's own endpoint, the way a script guessing passwords would call it. */
function postSignInEndpoint(email: string, password: string, client: Client = {}) {
  return fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/json", origin: server.url, ...clientHeaders(client) },
    body: JSON.stringify({ email, password }),
  });
}

function signInThroughPage(email: string, password: string, client: Client = {}, redirectTo = "/") {
  return postForm("/sign-in", { mode: "sign-in", email, password, redirectTo }, client);
}

/** "name=value" pairs of the response's cookies, to send back. */
function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

function hasSession(response: Response): boolean {
  return response.headers.getSetCookie().some((cookie) => /^aitlas\.session_token=[^;]/.test(cookie));
}

/** The email address the session cookie signs in as, read from Better Auth's session endpoint. */
async function sessionEmail(cookie: string): Promise<string | null> {
  const response = await get("/api/auth/get-session", { cookie });
  const body = (await response.json()) as { user?: { email: string } } | null;
  return body?.user?.email ?? null;
}

async function confirmationLink(email: string): Promise<string> {
  const mail = await smtp.waitForMessage({ to: email });
  const link = extractLinks(mail).find((url) => url.includes("/auth/confirm?token="));
  if (!link) throw new Error(`the mail to ${email} holds no confirmation link`);
  return link;
}

function hiddenToken(html: string): string {
  const match = /name="token" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("the confirmation page has no form");
  return match[1]!;
}

/** Opens the link from the mail and confirms with `password`: what the mailbox's owner does. */
async function confirmFromMail(email: string, password: string, client: Client = {}) {
  const page = await get(await confirmationLink(email), client);
  expect(page.status).toBe(200);
  const token = hiddenToken(await page.text());
  return postForm("/auth/confirm", { token, password }, client);
}

async function signUp(email: string, password: string, client: Client = {}) {
  smtp.clear();
  const response = await postForm("/sign-in", { mode: "sign-up", email, password, redirectTo: "/" }, client);
  expect(response.status).toBe(302);
  return response;
}

async function confirmedAccount(name: string, password = "the owner's password") {
  const email = uniqueEmail(name);
  await signUp(email, password);
  const confirmed = await confirmFromMail(email, password);
  expect(confirmed.status).toBe(302);
  return { email, password };
}

// --- Open redirects ---

/**
 * Places to return to that a browser would follow to another site, or that once broke the
 * Location header. Each must end on our own origin (the site's home page).
 */
const REDIRECT_BYPASSES = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/ \t/evil.example",
  "\t//evil.example",
  " //evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/a/..//evil.example",
  "/%2e%2e//evil.example",
  "https://evil.example",
  "https:evil.example",
  "http:/evil.example",
  "//evil.example@x",
  "javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
];

/** What a browser does with a Location header: strips tabs and newlines, reads "\" as "/". */
function browserTarget(location: string): URL {
  return new URL(location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/"), server.url);
}

/** A NUL anywhere in an address is refused at the front door (400) before any route can redirect. */
function refusedAtTheDoor(attack: string): boolean {
  return attack.includes("\u0000");
}

function expectStaysHome(response: Response, attack: string) {
  expect(response.status, `status for ${JSON.stringify(attack)}`).toBe(302);
  const location = response.headers.get("location")!;
  expect(location, `Location for ${JSON.stringify(attack)}`).toBe("/");
  expect(browserTarget(location).origin).toBe(server.url);
}

/** The same for an attack carried in the request's own address, where a NUL is refused before any route. */
function expectAddressStaysHome(response: Response, attack: string) {
  if (!refusedAtTheDoor(attack)) return expectStaysHome(response, attack);
  expect(response.status, `status for ${JSON.stringify(attack)}`).toBe(400);
  expect(response.headers.get("location")).toBeNull();
}

describe("open redirects", () => {
  it(
    "the sign-in landing (/auth/signed-in?next=) sends every known bypass home",
    async () => {
      for (const attack of REDIRECT_BYPASSES) {
        expectAddressStaysHome(await get(`/auth/signed-in?next=${encodeURIComponent(attack)}`), attack);
      }
      // A path of our own still works, normalized to a valid header.
      const own = await get(`/auth/signed-in?next=${encodeURIComponent("/tool/caf\u00e9?x=1#top")}`);
      expect(own.headers.get("location")).toBe("/tool/caf%C3%A9?x=1#top");
    },
    SLOW,
  );

  it(
    "POST /theme sends every known bypass home",
    async () => {
      for (const attack of REDIRECT_BYPASSES) {
        expectStaysHome(await postForm("/theme", { theme: "dark", redirectTo: attack }), attack);
      }
      expect((await postForm("/theme", { theme: "dark", redirectTo: "/blog" })).headers.get("location")).toBe("/blog");
    },
    SLOW,
  );

  it(
    "/sign-in keeps no bypass as its return path, and a signed-in visitor is sent home",
    async () => {
      const account = await confirmedAccount("redirect-sign-in");
      const signedIn = await signInThroughPage(account.email, account.password);
      const cookie = cookieHeader(signedIn);
      for (const attack of REDIRECT_BYPASSES) {
        const page = await get(`/sign-in?redirectTo=${encodeURIComponent(attack)}`);
        if (refusedAtTheDoor(attack)) {
          expect(page.status, JSON.stringify(attack)).toBe(400);
        } else {
          expect(page.status, JSON.stringify(attack)).toBe(200);
          expect(await page.text()).toContain('name="redirectTo" value="/"');
        }
        expectAddressStaysHome(await get(`/sign-in?redirectTo=${encodeURIComponent(attack)}`, { cookie }), attack);
      }
    },
    SLOW,
  );

  it(
    "signing in and signing up through /sign-in send every known bypass home",
    async () => {
      const account = await confirmedAccount("redirect-forms");
      for (const attack of REDIRECT_BYPASSES) {
        expectStaysHome(await signInThroughPage(account.email, account.password, {}, attack), attack);
        const signedUp = await postForm("/sign-in", {
          mode: "sign-up",
          email: uniqueEmail("bypass"),
          password: "long enough",
          redirectTo: attack,
        });
        expectStaysHome(signedUp, attack);
      }
    },
    SLOW,
  );

  it(
    "the Google round trip brings every known bypass home",
    async () => {
      google.setNextIdentity({ sub: "google-redirects", email: uniqueEmail("google"), email_verified: true });
      for (const attack of REDIRECT_BYPASSES) {
        const address = freshAddress();
        const started = await postForm("/auth/google", { redirectTo: attack }, { address });
        expect(started.status, JSON.stringify(attack)).toBe(302);
        const answered = await fetch(started.headers.get("location")!, { redirect: "manual" });
        const callback = await get(answered.headers.get("location")!, { address, cookie: cookieHeader(started) });
        expect(callback.status).toBe(302);
        const landing = new URL(callback.headers.get("location")!, server.url);
        expect(landing.origin).toBe(server.url);
        expect(landing.pathname).toBe("/auth/signed-in");
        expectStaysHome(await get(`${landing.pathname}${landing.search}`, { address }), attack);
      }
    },
    SLOW,
  );

  it(
    "Better Auth's endpoints refuse a callback URL that is not a safe path",
    async () => {
      for (const attack of REDIRECT_BYPASSES) {
        const response = await get(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(attack)}`);
        expect(response.status, JSON.stringify(attack)).toBe(400);
        expect(response.headers.get("location")).toBeNull();
        const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: server.url, ...clientHeaders({}) },
          body: JSON.stringify({ email: "nobody@example.com", password: "long enough", callbackURL: attack }),
        });
        // Better Auth's own check refuses absolute URLs first (403); ours refuses the rest (400).
        expect([400, 403], JSON.stringify(attack)).toContain(signIn.status);
      }
    },
    SLOW,
  );
});

// --- Per-account throttling ---

describe("sign-in throttling per account", () => {
  it(
    "after 5 wrong passwords from 30 addresses the account waits a growing cool-down, with Retry-After",
    async () => {
      const account = await confirmedAccount("throttled");
      const answers: { status: number; retryAfter: string | null }[] = [];
      for (let attempt = 1; attempt <= 30; attempt++) {
        // Half through Better Auth's endpoint, half through the page form: one count for both.
        const response =
          attempt % 2
            ? await postSignInEndpoint(account.email, `wrong password ${attempt}`)
            : await signInThroughPage(account.email, `wrong password ${attempt}`);
        answers.push({ status: response.status, retryAfter: response.headers.get("retry-after") });
      }
      expect(answers.slice(0, 5).map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401]);
      for (const answer of answers.slice(5)) {
        expect(answer.status).toBe(429);
        expect(Number(answer.retryAfter)).toBeGreaterThan(0);
        expect(Number(answer.retryAfter)).toBeLessThanOrEqual(15);
      }

      // During the cool-down the right password waits too: otherwise guessing would go on unhindered.
      const right = await signInThroughPage(account.email, account.password);
      expect(right.status).toBe(429);
      expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await right.text()).toContain("Too many attempts. Please try again in");
      expect(hasSession(right)).toBe(false);
      // Other accounts are untouched.
      const other = await confirmedAccount("neighbour");
      expect((await signInThroughPage(other.email, other.password)).status).toBe(302);
    },
    SLOW,
  );

  it(
    "the admin setup page's 429 carries Retry-After too",
    async () => {
      const address = freshAddress();
      const fields = { token: "not-the-token", email: "root@example.com", password: "long enough" };
      for (let attempt = 1; attempt <= 10; attempt++) {
        expect((await postForm("/setup/admin", fields, { address })).status).toBe(403);
      }
      const refused = await postForm("/setup/admin", fields, { address });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    "a comment over the per-user limit is answered 429 with Retry-After",
    async () => {
      const account = await confirmedAccount("commenter");
      const cookie = cookieHeader(await signInThroughPage(account.email, account.password));
      const tool = /href="(\/tool\/[^"?#]+)"/.exec(await (await get("/")).text())![1]!;
      const comment = () => postForm(tool, { intent: "comment", content: "Useful tool." }, { cookie });
      for (let posted = 1; posted <= 10; posted++) expect((await comment()).status).toBeLessThan(400);
      const refused = await comment();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    },
    SLOW,
  );

  it(
    "a correct password clears the count: the owner's own typos never add up",
    async () => {
      const account = await confirmedAccount("typist");
      for (let round = 1; round <= 3; round++) {
        for (let typo = 1; typo <= 4; typo++) {
          expect((await postSignInEndpoint(account.email, `typo ${typo}`)).status).toBe(401);
        }
        const signedIn = await signInThroughPage(account.email, account.password);
        expect(signedIn.status).toBe(302);
        expect(hasSession(signedIn)).toBe(true);
      }
    },
    SLOW,
  );

  it(
    "an unconfirmed account's confirmation stays open while its sign-in is throttled",
    async () => {
      const email = uniqueEmail("waiting");
      await signUp(email, "my password");
      for (let attempt = 1; attempt <= 7; attempt++) await postSignInEndpoint(email, `wrong ${attempt}`);
      expect((await postSignInEndpoint(email, "my password")).status).toBe(429);

      const confirmed = await confirmFromMail(email, "my new password");
      expect(confirmed.status).toBe(302);
      expect(await sessionEmail(cookieHeader(confirmed))).toBe(email);
    },
    SLOW,
  );
});

// --- Account squatting ---

describe("an address registered by someone else", () => {
  it(
    "the owner confirms it from the mail with a password of their own: the squatter's stops working",
    async () => {
      const owner = uniqueEmail("owner");
      const squatter = { address: freshAddress() };
      await signUp(owner, "the squatter's password", squatter);
      // Before confirmation the squatter cannot get in (and cannot sign the owner up again).
      expect((await signInThroughPage(owner, "the squatter's password", squatter)).status).toBe(403);

      const link = await confirmationLink(owner);
      const page = await get(link);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = await page.text();
      expect(html).toContain("Confirm your email");
      expect(html).toContain('type="password"');
      // Opening the link signs nobody in and confirms nothing yet.
      expect(hasSession(page)).toBe(false);

      const confirmed = await postForm("/auth/confirm", { token: hiddenToken(html), password: "the owner's password" });
      expect(confirmed.status).toBe(302);
      expect(await sessionEmail(cookieHeader(confirmed))).toBe(owner);

      const squatterTry = await signInThroughPage(owner, "the squatter's password", squatter);
      expect(squatterTry.status).toBe(401);
      expect(hasSession(squatterTry)).toBe(false);
      expect((await postSignInEndpoint(owner, "the squatter's password", squatter)).status).toBe(401);
      const ownerTry = await signInThroughPage(owner, "the owner's password");
      expect(ownerTry.status).toBe(302);
      expect(await sessionEmail(cookieHeader(ownerTry))).toBe(owner);

      // The link is spent: opening it again changes no password.
      const again = await postForm("/auth/confirm", { token: hiddenToken(html), password: "the squatter's password" });
      expect(again.status).toBe(409);
      expect((await signInThroughPage(owner, "the squatter's password", squatter)).status).toBe(401);

      // A later Google sign-in joins the owner's account, which now only the owner can open.
      google.setNextIdentity({ sub: `google-${owner}`, email: owner, email_verified: true });
      const started = await postForm("/auth/google", { redirectTo: "/" });
      const answered = await fetch(started.headers.get("location")!, { redirect: "manual" });
      const callback = await get(answered.headers.get("location")!, { cookie: cookieHeader(started) });
      expect(new URL(callback.headers.get("location")!, server.url).searchParams.get("error")).toBeNull();
      expect(await sessionEmail(cookieHeader(callback))).toBe(owner);
    },
    SLOW,
  );

  it(
    "the owner signs in with Google before confirming: the account is theirs, the squatter's password stops working",
    async () => {
      const owner = uniqueEmail("google-owner");
      const squatter = { address: freshAddress() };
      await signUp(owner, "the squatter's password", squatter);

      google.setNextIdentity({ sub: `google-${owner}`, email: owner, email_verified: true });
      const started = await postForm("/auth/google", { redirectTo: "/blog" });
      const answered = await fetch(started.headers.get("location")!, { redirect: "manual" });
      const callback = await get(answered.headers.get("location")!, { cookie: cookieHeader(started) });
      const landing = new URL(callback.headers.get("location")!, server.url);
      expect(landing.searchParams.get("error")).toBeNull();
      expect(await sessionEmail(cookieHeader(callback))).toBe(owner);

      const squatterTry = await signInThroughPage(owner, "the squatter's password", squatter);
      expect(squatterTry.status).toBe(401);
      expect(hasSession(squatterTry)).toBe(false);
    },
    SLOW,
  );

  it(
    "a confirmation link in Better Auth's own form signs nobody in: it leads to the confirmation page",
    async () => {
      const owner = uniqueEmail("old-link");
      await signUp(owner, "the squatter's password");
      const token = new URL(await confirmationLink(owner)).searchParams.get("token")!;
      const direct = await get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
      expect(direct.status).toBe(302);
      expect(direct.headers.get("location")).toBe(`/auth/confirm?token=${encodeURIComponent(token)}`);
      expect(hasSession(direct)).toBe(false);
      expect((await signInThroughPage(owner, "the squatter's password")).status).toBe(403);
    },
    SLOW,
  );

  it(
    "a forged or malformed token confirms nothing",
    async () => {
      const page = await get("/auth/confirm?token=not-a-token");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("This confirmation link is no longer valid");
      const posted = await postForm("/auth/confirm", { token: "not-a-token", password: "long enough" });
      expect(posted.status).toBe(400);
      expect(hasSession(posted)).toBe(false);
      const short = await postForm("/auth/confirm", { token: "not-a-token", password: "12345" });
      expect(short.status).toBe(400);
      expect(await short.text()).toContain("Password must be at least 6 characters");
    },
    SLOW,
  );
});

// --- The sign-in page and crawlers ---

/** Every href in the page that leads to /sign-in. */
function signInLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*href="(\/sign-in[^"]*)"[^>]*>/g)].map((match) => match[0]!);
}

function hrefOf(anchor: string): string {
  return /href="([^"]*)"/.exec(anchor)![1]!.replaceAll("&amp;", "&");
}

describe("the sign-in page and crawlers", () => {
  it(
    "a crawler following every sign-in link from a page reaches a handful of addresses, not an endless chain",
    async () => {
      const seen = new Set<string>();
      const queue = ["/about"];
      while (queue.length > 0 && seen.size < 50) {
        const next = queue.shift()!;
        if (seen.has(next)) continue;
        seen.add(next);
        const page = await get(next);
        expect(page.status).toBe(200);
        for (const anchor of signInLinks(await page.text())) {
          expect(anchor, "sign-in links are nofollow").toMatch(/\brel="nofollow"/);
          queue.push(hrefOf(anchor));
        }
      }
      expect(seen.size).toBeLessThan(10);
      for (const url of seen) {
        const redirectTo = new URL(url, server.url).searchParams.get("redirectTo");
        expect(redirectTo ?? "/").not.toMatch(/sign-in/);
      }
    },
    SLOW,
  );

  it(
    "a nested return path is flattened, and robots.txt keeps crawlers off /sign-in",
    async () => {
      const nested = `/sign-in?redirectTo=${encodeURIComponent(`/sign-in?redirectTo=${encodeURIComponent("/about")}`)}`;
      const html = await (await get(nested)).text();
      expect(html).toContain('name="redirectTo" value="/"');
      for (const anchor of signInLinks(html)) expect(hrefOf(anchor)).not.toMatch(/redirectTo=%2Fsign-in/);

      const robots = await (await get("/robots.txt")).text();
      expect(robots.split("\n")).toContain("Disallow: /sign-in");
    },
    SLOW,
  );

  it(
    "without JavaScript the header's Sign In is a nofollow link to /sign-in with this page to return to",
    async () => {
      const html = await (await get("/about")).text();
      const control = [...html.matchAll(/<a [^>]*>Sign In<\/a>/g)].map((match) => match[0]);
      expect(control).toHaveLength(1);
      expect(hrefOf(control[0]!)).toBe("/sign-in?redirectTo=%2Fabout");
      expect(control[0]).toMatch(/\brel="nofollow"/);
    },
    SLOW,
  );
});

describe("connections", () => {
  it(
    "an idle keep-alive connection is kept longer than a load balancer's 60 s idle timeout",
    async () => {
      // Node advertises its keep-alive timeout; its default (5 s) would close pooled connections
      // under a balancer's feet, and a request it sent on one at that moment would fail.
      const advertised = await new Promise<string>((resolve, reject) => {
        const agent = new http.Agent({ keepAlive: true });
        http
          .get(`${server.url}/healthz`, { agent }, (response) => {
            response.resume();
            response.on("end", () => {
              agent.destroy();
              resolve(String(response.headers["keep-alive"] ?? ""));
            });
          })
          .on("error", reject);
      });
      const seconds = Number(/timeout=(\d+)/.exec(advertised)?.[1]);
      expect(seconds).toBeGreaterThan(60);
    },
    SLOW,
  );
});
