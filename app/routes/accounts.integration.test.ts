import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { action as adminSetupAction } from "~/routes/admin-setup";
import { action as confirmAction } from "~/routes/auth-confirm";
import { loader as signedInLoader } from "~/routes/auth-signed-in";
import { action as forgotPasswordAction } from "~/routes/forgot-password";
import { action as resetPasswordAction, loader as resetPasswordLoader } from "~/routes/reset-password";
import { action as signInAction } from "~/routes/sign-in";
import { action as signOutAction } from "~/routes/sign-out";
import { loader as rootLoader } from "~/root";
import { announceAdminSetup, isAdminSetupTokenValid } from "~/server/auth/admin-setup.server";
import { resetMailsSettled } from "~/server/auth/password-reset.server";
import { resolveViewer } from "~/server/auth/viewer.server";
import { profiles, rateLimits, sessions, users, verifications } from "~/server/db/schema.server";
import { readFlashValue } from "~/server/flash.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { extractLinks, startFakeSmtp, type FakeSmtp } from "../../tests/fakes/smtp";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { GENERATED_NAME } from "../../tests/setup/public-names";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInUser,
  createTestServices,
  formPost,
  TEST_SITE_URL,
  type TestServices,
} from "../../tests/setup/test-app";

// Sign-up, confirmation, sign-in and sign-out through the real route actions and Better Auth,
// on the test database, with mail delivered to a loopback SMTP server.

// --- Calling routes the way React Router does, and reading what they answer ---

type Outcome = { status: number; data: unknown; headers: Headers; thrown: boolean };

type DataWithInit = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };

const isDataWithInit = (value: unknown): value is DataWithInit =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

/** Runs a loader or action and flattens a Response, data() or a plain value, returned or thrown. */
async function settle(run: () => unknown): Promise<Outcome> {
  let value: unknown;
  let thrown = false;
  try {
    value = await run();
  } catch (error) {
    value = error;
    thrown = true;
  }
  if (value instanceof Response) {
    // A refusal is a JSON response: its body (an ActionResult, or a guard's { error, code }) is the data.
    const json = value.headers.get("content-type")?.includes("application/json");
    return { status: value.status, data: json ? await value.json() : null, headers: value.headers, thrown };
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? 200, data: value.data, headers: new Headers(value.init?.headers), thrown };
  }
  if (thrown) throw value;
  return { status: 200, data: value, headers: new Headers(), thrown };
}

type RouteFunction = (args: never) => unknown;

/** Calls a route's loader or action with the context the HTTP layer would build for this request. */
async function call(routeFunction: RouteFunction, request: Request, { clientIp }: { clientIp?: string } = {}) {
  const context = await contextFor(services, request, clientIp);
  return settle(() => routeFunction({ request, context, params: {} } as never));
}

/** formPost's cookie and origin, and the client address the request comes from. */
type PostOptions = { cookie?: string; origin?: string | null; clientIp?: string };

const signIn = (fields: Record<string, string>, options: PostOptions = {}) =>
  call(signInAction, formPost("/sign-in", { mode: "sign-in", redirectTo: "/", ...fields }, options), options);

const signUp = (fields: Record<string, string>, options: PostOptions = {}) =>
  call(signInAction, formPost("/sign-in", { mode: "sign-up", redirectTo: "/", ...fields }, options), options);

/** The one-time message a response leaves in the aitlas_flash cookie. */
function flashOf(headers: Headers): { kind: string; title: string; description?: string } | null {
  const cookie = headers.getSetCookie().find((value) => value.startsWith("aitlas_flash="));
  const value = cookie?.split(";")[0]!.slice("aitlas_flash=".length);
  return value ? readFlashValue(value) : null;
}

function sessionCookieOf(headers: Headers): string | undefined {
  return headers.getSetCookie().find((cookie) => cookie.startsWith("aitlas.session_token="));
}

async function viewerFor(cookie: string, servicesToUse: TestServices = services) {
  const context = await contextFor(servicesToUse, new Request(`${TEST_SITE_URL}/`, { headers: { cookie } }));
  return context.viewer;
}

async function countUsers() {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row!.n;
}

async function userByEmail(email: string) {
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return user;
}

async function profileOf(userId: string) {
  const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, userId));
  return profile;
}

/** The confirmation link from the newest mail to this address. */
async function confirmationLink(email: string): Promise<string> {
  const mail = await smtp.waitForMessage({ to: email });
  const link = extractLinks(mail).find((url) => url.includes("/auth/confirm?token="));
  if (!link) throw new Error(`no confirmation link in the mail to ${email}: ${mail.text}`);
  return link;
}

/** Posts the confirmation page's form for the link's token: the address is confirmed with `password`. */
function confirmWith(link: string, password: string) {
  const token = new URL(link).searchParams.get("token") ?? "";
  return call(confirmAction, formPost("/auth/confirm", { token, password }));
}

/** Signs up through the action and follows the mailed link: a confirmed account, signed out. */
async function createConfirmedAccount(email: string, password: string) {
  const signedUp = await signUp({ email, password });
  expect(signedUp.status).toBe(302);
  const confirmed = await confirmWith(await confirmationLink(email), password);
  expect(confirmed.status).toBe(302);
  return cookieHeaderFrom(confirmed.headers);
}

// --- One database and one SMTP server for the file; every test starts with no accounts ---

let database: TestDatabase;
let smtp: FakeSmtp;
let services: TestServices;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  services = createTestServices({ db: database.db, smtpUrl: smtp.url });
});
afterAll(async () => {
  await smtp.stop();
  await database.dispose();
});

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${users}, ${verifications}, ${rateLimits} cascade`);
  smtp.clear();
});

describe("sign-up, confirmation and sign-in", () => {
  test("a new account is confirmed from the mailed link, then signs in", async () => {
    const email = "ada@example.com";
    const password = "analytical engine";

    const signedUp = await signUp({ email, password });
    expect(signedUp.status).toBe(302);
    expect(signedUp.headers.get("location")).toBe("/");
    expect(flashOf(signedUp.headers)).toEqual({ kind: "success", title: "Check your email to confirm your account!" });
    // Signing up does not sign in: the address is not proven yet.
    expect(sessionCookieOf(signedUp.headers)).toBeUndefined();

    const link = await confirmationLink(email);
    expect(new URL(link).origin).toBe(TEST_SITE_URL);
    expect((await userByEmail(email))?.emailVerified).toBe(false);

    const early = await signIn({ email, password });
    expect(early).toMatchObject({
      status: 403,
      data: {
        ok: false,
        form: "sign-in",
        formError: "Please check your email to confirm your account before signing in",
      },
    });
    expect(sessionCookieOf(early.headers)).toBeUndefined();

    const confirmed = await confirmWith(link, password);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/");
    expect(flashOf(confirmed.headers)).toEqual({ kind: "success", title: "Successfully signed in!" });
    const sessionCookie = sessionCookieOf(confirmed.headers);
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).toMatch(/;\s*HttpOnly/i);
    expect(sessionCookie).toMatch(/;\s*SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/;\s*Secure/i);

    const cookie = cookieHeaderFrom(confirmed.headers);
    const user = await userByEmail(email);
    expect(user?.emailVerified).toBe(true);
    expect(await viewerFor(cookie)).toEqual({
      id: user!.id,
      email,
      username: expect.stringMatching(GENERATED_NAME),
      displayName: expect.stringMatching(GENERATED_NAME),
      avatarUrl: null,
      isAdmin: false,
    });

    // The landing page greets the freshly signed-in user and moves on.
    const landing = await call(
      signedInLoader,
      new Request(`${TEST_SITE_URL}/auth/signed-in?next=%2Ftool%2Fx`, { headers: { cookie } }),
    );
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe("/tool/x");
    expect(flashOf(landing.headers)).toEqual({ kind: "success", title: "Successfully signed in!" });

    const signedIn = await signIn({ email, password, redirectTo: "/blog" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/blog");
    expect(flashOf(signedIn.headers)).toEqual({ kind: "success", title: "Successfully signed in!" });
    expect(sessionCookieOf(signedIn.headers)).toMatch(/HttpOnly/i);
    expect((await viewerFor(cookieHeaderFrom(signedIn.headers)))?.email).toBe(email);
  });

  test("a wrong password or an unknown address is refused with 401", async () => {
    await createConfirmedAccount("ada@example.com", "analytical engine");

    for (const credentials of [
      { email: "ada@example.com", password: "difference engine" },
      { email: "nobody@example.com", password: "analytical engine" },
    ]) {
      const refused = await signIn(credentials);
      expect(refused).toMatchObject({
        status: 401,
        data: { ok: false, form: "sign-in", formError: "Invalid email or password" },
      });
      expect(sessionCookieOf(refused.headers)).toBeUndefined();
      expect(flashOf(refused.headers)).toBeNull();
    }
  });

  test("the address is matched in any letter case and stored in lower case", async () => {
    await createConfirmedAccount("Ada@Example.com", "analytical engine");
    expect((await userByEmail("ada@example.com"))?.emailVerified).toBe(true);

    const signedIn = await signIn({ email: "ADA@EXAMPLE.COM", password: "analytical engine" });
    expect(signedIn.status).toBe(302);
    expect((await viewerFor(cookieHeaderFrom(signedIn.headers)))?.email).toBe("ada@example.com");
  });

  test("a sign-in before confirming mails a fresh link, which confirms the account", async () => {
    await signUp({ email: "ada@example.com", password: "analytical engine" });
    await confirmationLink("ada@example.com");
    smtp.clear();

    expect((await signIn({ email: "ada@example.com", password: "analytical engine" })).status).toBe(403);
    const fresh = await confirmationLink("ada@example.com");
    expect(smtp.messages()).toHaveLength(1);

    expect((await confirmWith(fresh, "analytical engine")).status).toBe(302);
    expect((await userByEmail("ada@example.com"))?.emailVerified).toBe(true);
  });

  test("a tampered confirmation link confirms nothing", async () => {
    await signUp({ email: "ada@example.com", password: "analytical engine" });
    const link = new URL(await confirmationLink("ada@example.com"));
    link.searchParams.set("token", `${link.searchParams.get("token")}x`);

    const opened = await confirmWith(link.href, "analytical engine");
    expect(opened.status).toBe(400);
    expect(sessionCookieOf(opened.headers)).toBeUndefined();
    expect((await userByEmail("ada@example.com"))?.emailVerified).toBe(false);
  });
});

describe("form validation", () => {
  test.each([
    ["not-an-email", "long enough", { email: "Invalid email address" }],
    ["ada@example.com", "12345", { password: "Password must be at least 6 characters" }],
    ["", "", { email: "Invalid email address", password: "Password must be at least 6 characters" }],
  ])("sign-up with %j / %j answers 400 and creates nothing", async (email, password, fieldErrors) => {
    const refused = await signUp({ email, password });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, form: "sign-up", fieldErrors } });
    expect(await countUsers()).toBe(0);
    expect(smtp.messages()).toEqual([]);
  });

  test("sign-in checks the same rules before asking the auth service", async () => {
    const refused = await signIn({ email: "not-an-email", password: "12345" });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        ok: false,
        form: "sign-in",
        fieldErrors: { email: "Invalid email address", password: "Password must be at least 6 characters" },
      },
    });
  });
});

describe("an address already registered", () => {
  test.each(["ada@example.com", "ADA@example.COM"])(
    "signing up again as %s is refused, with no second account or mail",
    async (again) => {
      await signUp({ email: "ada@example.com", password: "analytical engine" });
      await confirmationLink("ada@example.com");
      smtp.clear();

      const refused = await signUp({ email: again, password: "something else" });
      expect(refused).toMatchObject({
        status: 409,
        data: { ok: false, form: "sign-up", formError: "An account with this email already exists" },
      });
      expect(flashOf(refused.headers)).toBeNull();
      expect(await countUsers()).toBe(1);
      // Give a stray message time to arrive before saying none came.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.messages()).toEqual([]);
    },
  );
});

describe("answering the dialog in place", () => {
  test("respond=in-place gives { ok: true } with the cookies instead of a redirect", async () => {
    await createConfirmedAccount("ada@example.com", "analytical engine");

    const signedIn = await signIn({ email: "ada@example.com", password: "analytical engine", respond: "in-place" });
    expect(signedIn).toMatchObject({ status: 200, data: { form: "sign-in", ok: true } });
    expect(signedIn.headers.get("location")).toBeNull();
    expect(sessionCookieOf(signedIn.headers)).toBeDefined();
    expect(flashOf(signedIn.headers)).toEqual({ kind: "success", title: "Successfully signed in!" });

    const signedUp = await signUp({ email: "max@example.com", password: "long enough", respond: "in-place" });
    expect(signedUp).toMatchObject({ status: 200, data: { form: "sign-up", ok: true } });
    expect(flashOf(signedUp.headers)).toEqual({ kind: "success", title: "Check your email to confirm your account!" });
  });
});

describe("where a sign-in leads", () => {
  test.each(["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)"])(
    "redirectTo %j is ignored for /",
    async (redirectTo) => {
      await createConfirmedAccount("ada@example.com", "analytical engine");
      const signedIn = await signIn({ email: "ada@example.com", password: "analytical engine", redirectTo });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/");
    },
  );

  test("a path on this site is kept, except the sign-in page itself", async () => {
    await createConfirmedAccount("ada@example.com", "analytical engine");
    const toTool = await signIn({
      email: "ada@example.com",
      password: "analytical engine",
      redirectTo: "/tool/chatgpt?tab=1",
    });
    expect(toTool.headers.get("location")).toBe("/tool/chatgpt?tab=1");
    const toSignIn = await signIn({
      email: "ada@example.com",
      password: "analytical engine",
      redirectTo: "/sign-in?mode=sign-up",
    });
    expect(toSignIn.headers.get("location")).toBe("/");
  });
});

describe("Better Auth's own endpoints send nobody to another site", () => {
  // These hold in production because Better Auth checks callback URLs against trustedOrigins; it
  // skips that check under NODE_ENV=test unless the configuration asks for it explicitly.
  const post = (pathname: string, body: Record<string, unknown>) =>
    services.auth.handler(
      new Request(`${TEST_SITE_URL}/api/auth${pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: TEST_SITE_URL },
        body: JSON.stringify(body),
      }),
    );

  test("Better Auth's own sign-up endpoint is closed: sign-up goes through our validated action", async () => {
    const response = await post("/sign-up/email", {
      email: "ada@example.com",
      password: "analytical engine",
      name: "",
    });
    expect(response.status).toBe(404);
    expect(await countUsers()).toBe(0);
  });

  test("a sign-in whose confirmation link would lead elsewhere is refused", async () => {
    await signUp({ email: "ada@example.com", password: "analytical engine" });
    const response = await post("/sign-in/email", {
      email: "ada@example.com",
      password: "analytical engine",
      callbackURL: "https://evil.example/",
    });
    expect(response.status).toBe(403);
  });

  test("a confirmation link edited to lead elsewhere does not redirect there", async () => {
    await signUp({ email: "ada@example.com", password: "analytical engine" });
    const token = new URL(await confirmationLink("ada@example.com")).searchParams.get("token")!;
    const link = new URL(`${TEST_SITE_URL}/api/auth/verify-email`);
    link.searchParams.set("token", token);
    link.searchParams.set("callbackURL", "https://evil.example/");

    const opened = await services.auth.handler(new Request(link));
    const location = opened.headers.get("location");
    expect(location === null || new URL(location, TEST_SITE_URL).origin === TEST_SITE_URL).toBe(true);
  });
});

describe("requests from other sites", () => {
  const FOREIGN = "http://evil.example";

  function expectForbidden(outcome: Outcome) {
    expect(outcome.thrown).toBe(true);
    expect(outcome.status).toBe(403);
    expect(outcome.headers.getSetCookie()).toEqual([]);
  }

  test("a sign-up or sign-in posted from another origin is refused and changes nothing", async () => {
    const { cookie } = await createSignedInUser(services, "ada@example.com", "analytical engine");
    expectForbidden(await signUp({ email: "max@example.com", password: "long enough" }, { origin: FOREIGN }));
    expectForbidden(
      await signIn({ email: "ada@example.com", password: "analytical engine" }, { origin: FOREIGN, cookie }),
    );
    expect(await countUsers()).toBe(1);
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });

  test("a sign-out posted from another origin keeps the session", async () => {
    const { cookie } = await createSignedInUser(services, "ada@example.com");
    expectForbidden(await call(signOutAction, formPost("/sign-out", {}, { origin: FOREIGN, cookie })));
    expect((await viewerFor(cookie))?.email).toBe("ada@example.com");
  });

  test("an admin setup posted from another origin neither spends the token nor makes an admin", async () => {
    const link = await announceAdminSetup({ db: database.db, siteUrl: TEST_SITE_URL });
    const token = new URL(link!).searchParams.get("token")!;
    const request = formPost(
      "/setup/admin",
      { token, email: "eve@example.com", password: "long enough" },
      { origin: FOREIGN },
    );
    expectForbidden(await call(adminSetupAction, request));
    expect(await countUsers()).toBe(0);
    expect(await isAdminSetupTokenValid({ db: database.db, token })).toBe(true);
  });

  test("a post with neither Origin nor Referer is refused", async () => {
    expectForbidden(await signUp({ email: "max@example.com", password: "long enough" }, { origin: null }));
    const { cookie } = await createSignedInUser(services, "ada@example.com");
    expectForbidden(await call(signOutAction, formPost("/sign-out", {}, { origin: null, cookie })));
    expect(await countUsers()).toBe(1);
  });

  test("a Referer from another site is refused, one from our own pages accepted", async () => {
    const withReferer = (referer: string) => {
      const request = formPost(
        "/sign-in",
        { mode: "sign-up", email: "max@example.com", password: "long enough" },
        { origin: null },
      );
      request.headers.set("referer", referer);
      return call(signInAction, request);
    };
    expectForbidden(await withReferer(`${FOREIGN}/sign-in`));
    expect(await countUsers()).toBe(0);

    const accepted = await withReferer(`${TEST_SITE_URL}/tool/chatgpt`);
    expect(accepted.status).toBe(302);
    expect(await countUsers()).toBe(1);
  });

  test('Origin "null" (a sandboxed or file page) does not count as ours', async () => {
    expectForbidden(await signUp({ email: "max@example.com", password: "long enough" }, { origin: "null" }));
  });
});

describe("nobody makes themselves an administrator", () => {
  test("extra fields in the sign-up form are ignored", async () => {
    const signedUp = await signUp({
      email: "eve@example.com",
      password: "long enough",
      user_type: "admin",
      role: "admin",
      isAdmin: "true",
      emailVerified: "true",
    });
    expect(signedUp.status).toBe(302);
    const user = await userByEmail("eve@example.com");
    expect(user?.emailVerified).toBe(false);
    expect((await profileOf(user!.id))?.userType).toBe("user");
  });

  test("extra fields sent straight to the auth service make no admin", async () => {
    const response = await services.auth.api.signUpEmail({
      body: {
        email: "eve@example.com",
        password: "long enough",
        name: "",
        user_type: "admin",
        userType: "admin",
        emailVerified: true,
        image: "x",
      } as never,
      asResponse: true,
    });
    // Better Auth takes the sign-up, keeps only its own fields, and the profile trigger picks the role.
    expect(response.status).toBe(200);
    const user = await userByEmail("eve@example.com");
    expect(user?.emailVerified).toBe(false);
    expect((await profileOf(user!.id))?.userType).toBe("user");
  });

  test("a confirmed user's session is not an admin's", async () => {
    const { cookie } = await createSignedInUser(services, "eve@example.com");
    expect((await viewerFor(cookie))?.isAdmin).toBe(false);
  });
});

describe("rate limits per client address", () => {
  test(`the ${RATE_LIMITS.signIn.limit + 1}st sign-in attempt from one address is refused; another address still gets through`, async () => {
    await createConfirmedAccount("ada@example.com", "analytical engine");
    const attacker = "198.51.100.1";
    for (let attempt = 1; attempt <= RATE_LIMITS.signIn.limit; attempt++) {
      // A different account each time: the per-account throttle (tested apart) stays out of it.
      const outcome = await signIn(
        { email: `guess-${attempt}@example.com`, password: "a guess" },
        { clientIp: attacker },
      );
      expect(outcome.status).toBe(401);
    }

    // Even the right password: the limit is on attempts, not failures.
    const refused = await signIn({ email: "ada@example.com", password: "analytical engine" }, { clientIp: attacker });
    expect(refused.status).toBe(429);
    expect((refused.data as { formError: string }).formError).toMatch(
      /^Too many attempts\. Please try again in (\d+ seconds|a minute|\d+ minutes)\.$/,
    );
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(sessionCookieOf(refused.headers)).toBeUndefined();

    const someoneElse = await signIn(
      { email: "ada@example.com", password: "analytical engine" },
      { clientIp: "198.51.100.2" },
    );
    expect(someoneElse.status).toBe(302);
    expect(sessionCookieOf(someoneElse.headers)).toBeDefined();
  });

  test(`the ${RATE_LIMITS.signUp.limit + 1}th sign-up from one address is refused and creates nothing`, async () => {
    await signUp({ email: "ada@example.com", password: "analytical engine" }, { clientIp: "198.51.100.9" });
    const spammer = "198.51.100.1";
    // Refused attempts count too: the limit guards the mail and the existence check alike.
    for (let attempt = 1; attempt <= RATE_LIMITS.signUp.limit; attempt++) {
      expect(
        (await signUp({ email: "ada@example.com", password: "analytical engine" }, { clientIp: spammer })).status,
      ).toBe(409);
    }

    const refused = await signUp({ email: "max@example.com", password: "long enough" }, { clientIp: spammer });
    expect(refused.status).toBe(429);
    expect((refused.data as { formError: string }).formError).toMatch(/^Too many attempts\./);
    expect(await userByEmail("max@example.com")).toBeUndefined();

    expect(
      (await signUp({ email: "max@example.com", password: "long enough" }, { clientIp: "198.51.100.2" })).status,
    ).toBe(302);
  });

  test("sign-in and sign-up count separately", async () => {
    await createConfirmedAccount("ada@example.com", "analytical engine");
    const address = "198.51.100.1";
    for (let attempt = 0; attempt <= RATE_LIMITS.signUp.limit; attempt++) {
      await signUp({ email: "ada@example.com", password: "analytical engine" }, { clientIp: address });
    }
    expect((await signUp({ email: "max@example.com", password: "long enough" }, { clientIp: address })).status).toBe(
      429,
    );

    expect(
      (await signIn({ email: "ada@example.com", password: "analytical engine" }, { clientIp: address })).status,
    ).toBe(302);
  });

  test("a form refused for its fields does not count", async () => {
    for (let attempt = 1; attempt <= RATE_LIMITS.signIn.limit + 1; attempt++) {
      expect(
        (await signIn({ email: "not-an-email", password: "long enough" }, { clientIp: "198.51.100.1" })).status,
      ).toBe(400);
    }
    expect(await database.db.select().from(rateLimits)).toEqual([]);
  });
});

describe("sign-out", () => {
  test("ends the session in the database and returns to / with a message", async () => {
    const { id, cookie } = await createSignedInUser(services, "ada@example.com");
    expect((await viewerFor(cookie))?.id).toBe(id);

    const signedOut = await call(signOutAction, formPost("/sign-out", {}, { cookie }));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/");
    expect(flashOf(signedOut.headers)).toEqual({ kind: "success", title: "Successfully signed out!" });
    // The browser's cookie is cleared ...
    expect(sessionCookieOf(signedOut.headers)).toMatch(/Max-Age=0/i);
    // ... and a copy kept elsewhere is worthless.
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, id))).toEqual([]);
    expect(await viewerFor(cookie)).toBeNull();
  });

  test("signed out already: still returns to / with the message", async () => {
    const signedOut = await call(signOutAction, formPost("/sign-out", {}));
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/");
    expect(flashOf(signedOut.headers)?.title).toBe("Successfully signed out!");
  });

  test("signing out ends only that session", async () => {
    const first = await createSignedInUser(services, "ada@example.com", "analytical engine");
    const second = await signIn({ email: "ada@example.com", password: "analytical engine" });
    const secondCookie = cookieHeaderFrom(second.headers);

    await call(signOutAction, formPost("/sign-out", {}, { cookie: first.cookie }));
    expect(await viewerFor(first.cookie)).toBeNull();
    expect((await viewerFor(secondCookie))?.email).toBe("ada@example.com");
  });
});

describe("sessions", () => {
  test("a session outlives the process: a second instance on the same database knows it", async () => {
    const { id, cookie } = await createSignedInUser(services, "ada@example.com");
    const restarted = createTestServices({ db: database.db });
    expect((await viewerFor(cookie, restarted))?.id).toBe(id);
  });

  test("a session older than a day is extended, with a renewed cookie", async () => {
    const { id, cookie } = await createSignedInUser(services, "ada@example.com");
    await database.db
      .update(sessions)
      .set({ expiresAt: sql`now() + interval '10 days'`, updatedAt: sql`now() - interval '2 days'` })
      .where(eq(sessions.userId, id));

    const { viewer, setCookies } = await resolveViewer({
      auth: services.auth,
      db: database.db,
      headers: new Headers({ cookie }),
    });
    expect(viewer?.id).toBe(id);
    const renewed = setCookies.find((value) => value.startsWith("aitlas.session_token="));
    expect(renewed).toMatch(/HttpOnly/i);
    expect(renewed).toMatch(/Max-Age=(\d+)/);
    expect(Number(/Max-Age=(\d+)/i.exec(renewed!)![1])).toBeGreaterThan(29 * 24 * 3600);

    const [session] = await database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, id));
    const daysLeft = (session!.expiresAt.getTime() - Date.now()) / (24 * 3600 * 1000);
    expect(daysLeft).toBeGreaterThan(29.9);
    expect(daysLeft).toBeLessThanOrEqual(30.01);
  });

  test("a fresh session is not rewritten on every request", async () => {
    const { cookie } = await createSignedInUser(services, "ada@example.com");
    const { viewer, setCookies } = await resolveViewer({
      auth: services.auth,
      db: database.db,
      headers: new Headers({ cookie }),
    });
    expect(viewer?.email).toBe("ada@example.com");
    expect(setCookies.filter((value) => value.startsWith("aitlas.session_token="))).toEqual([]);
  });

  test("an expired session resolves to nobody", async () => {
    const { id, cookie } = await createSignedInUser(services, "ada@example.com");
    await database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, id));
    expect(await viewerFor(cookie)).toBeNull();
  });

  test("a forged or garbled session cookie resolves to nobody", async () => {
    const { cookie } = await createSignedInUser(services, "ada@example.com");
    const [, value] = cookie.match(/aitlas\.session_token=([^;]+)/)!;
    const [token] = decodeURIComponent(value!).split(".");
    expect(await viewerFor(`aitlas.session_token=${token}.forgedsignature`)).toBeNull();
    expect(await viewerFor("aitlas.session_token=garbage")).toBeNull();
  });
});

describe("the root loader", () => {
  const rootRequest = (cookie?: string) => new Request(`${TEST_SITE_URL}/`, { headers: cookie ? { cookie } : {} });

  test("an anonymous visitor has no viewer, and no analytics while none is configured", async () => {
    const root = await call(rootLoader, rootRequest());
    expect(root.data).toMatchObject({ viewer: null, analyticsSrc: null, flash: null, googleSignIn: false });
    expect(root.headers.getSetCookie()).toEqual([]);
  });

  test("a signed-in visitor sees their public profile, and nothing more", async () => {
    const { cookie } = await createSignedInUser(services, "ada@example.com");
    const root = await call(rootLoader, rootRequest(cookie));
    expect((root.data as { viewer: unknown }).viewer).toEqual({
      email: "ada@example.com",
      username: expect.stringMatching(GENERATED_NAME),
      displayName: expect.stringMatching(GENERATED_NAME),
      avatarUrl: null,
      isAdmin: false,
    });
  });

  test("a pending message is shown once: the loader returns it and clears its cookie", async () => {
    const signedOut = await call(signOutAction, formPost("/sign-out", {}));
    const root = await call(rootLoader, rootRequest(cookieHeaderFrom(signedOut.headers)));
    expect((root.data as { flash: unknown }).flash).toEqual({ kind: "success", title: "Successfully signed out!" });
    expect(root.headers.getSetCookie()).toEqual([expect.stringMatching(/^aitlas_flash=;.*Max-Age=0/)]);
  });

  test("a mangled message cookie is dropped and cleared", async () => {
    const root = await call(rootLoader, rootRequest("aitlas_flash=bm90LWpzb24"));
    expect((root.data as { flash: unknown }).flash).toBeNull();
    expect(root.headers.getSetCookie()).toEqual([expect.stringMatching(/^aitlas_flash=;.*Max-Age=0/)]);
  });
});

describe("forgot password", () => {
  const askForReset = (email: string, options: PostOptions = {}) =>
    call(forgotPasswordAction, formPost("/forgot-password", { email }, options), options);

  /** The reset link from the newest reset mail to this address, and its token. */
  async function resetLink(email: string) {
    await resetMailsSettled();
    const mail = smtp
      .messages()
      .filter((message) => message.to.includes(email) && message.subject === "Reset your Aitlas password")
      .at(-1);
    if (!mail) throw new Error(`no reset mail to ${email}`);
    const link = extractLinks(mail).find((url) => url.includes("/reset-password?token="));
    if (!link) throw new Error(`no reset link in the mail to ${email}: ${mail.text}`);
    expect(new URL(link).origin).toBe(TEST_SITE_URL);
    return { link, token: new URL(link).searchParams.get("token")! };
  }

  const linkState = async (token: string) =>
    (await call(resetPasswordLoader, new Request(`${TEST_SITE_URL}/reset-password?token=${token}`))).data as {
      valid: boolean;
    };

  const setPassword = (token: string, password: string) =>
    call(resetPasswordAction, formPost("/reset-password", { token, password }));

  test("a mailed one-hour link sets a new password, ends every session and works only once", async () => {
    const email = "ada@example.com";
    const oldSession = await createConfirmedAccount(email, "analytical engine");
    expect(await viewerFor(oldSession)).not.toBeNull();

    const asked = await askForReset("ADA@example.com");
    expect(asked).toMatchObject({ status: 200, data: { ok: true, data: { sent: true } } });
    const { token } = await resetLink(email);
    const [stored] = await database.db
      .select({ expiresAt: verifications.expiresAt })
      .from(verifications)
      .where(eq(verifications.identifier, `reset-password:${token}`));
    const lifetimeMs = stored!.expiresAt.getTime() - Date.now();
    expect(lifetimeMs).toBeGreaterThan(59 * 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(60 * 60_000);
    expect(await linkState(token)).toMatchObject({ valid: true });

    const tooShort = await setPassword(token, "short");
    expect(tooShort).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { password: "Password must be at least 6 characters" } },
    });
    const reset = await setPassword(token, "difference engine");
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe("/sign-in");
    expect(flashOf(reset.headers)).toEqual({
      kind: "success",
      title: "Your password is changed. Sign in with your new password.",
    });

    expect(await viewerFor(oldSession)).toBeNull();
    expect((await signIn({ email, password: "analytical engine" })).status).toBe(401);
    expect((await signIn({ email, password: "difference engine" })).status).toBe(302);

    // Used once: the page says so and a second post changes nothing.
    expect(await linkState(token)).toMatchObject({ valid: false });
    expect(await setPassword(token, "third password")).toMatchObject({
      status: 400,
      data: { ok: false, formError: "This reset link is no longer valid." },
    });
    expect((await signIn({ email, password: "difference engine" })).status).toBe(302);
  });

  test("an expired link sets nothing", async () => {
    const email = "grace@example.com";
    await createConfirmedAccount(email, "first password");
    await askForReset(email);
    const { token } = await resetLink(email);
    await database.db
      .update(verifications)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verifications.identifier, `reset-password:${token}`));

    expect(await linkState(token)).toMatchObject({ valid: false });
    expect(await setPassword(token, "second password")).toMatchObject({
      status: 400,
      data: { ok: false, formError: "This reset link is no longer valid." },
    });
    expect((await signIn({ email, password: "first password" })).status).toBe(302);
    expect(await linkState("made-up-token")).toMatchObject({ valid: false });
  });

  test("an unknown address gets the same answer and no mail", async () => {
    await createConfirmedAccount("known@example.com", "first password");
    smtp.clear();
    const unknown = await askForReset("nobody@example.com");
    const known = await askForReset("known@example.com");
    expect(unknown.status).toBe(200);
    expect(unknown.data).toEqual(known.data);
    await resetMailsSettled();
    await resetLink("known@example.com");
    expect(smtp.messages().filter((mail) => mail.to.includes("nobody@example.com"))).toEqual([]);
  });

  test("a reset from an unconfirmed account's mailbox confirms the address", async () => {
    const email = "unconfirmed@example.com";
    expect((await signUp({ email, password: "sign-up password" })).status).toBe(302);
    await askForReset(email);
    const { token } = await resetLink(email);
    expect((await setPassword(token, "mailbox owner's password")).status).toBe(302);
    expect((await userByEmail(email))?.emailVerified).toBe(true);
    expect((await signIn({ email, password: "mailbox owner's password" })).status).toBe(302);
  });

  test("a bad address is refused with the sign-up form's message", async () => {
    expect(await askForReset("not an address")).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { email: "Invalid email address" } },
    });
  });

  test(`at most ${RATE_LIMITS.passwordResetMail.limit} mails an hour to one address, asked from anywhere`, async () => {
    const email = "flooded@example.com";
    await createConfirmedAccount(email, "first password");
    smtp.clear();
    for (let i = 0; i <= RATE_LIMITS.passwordResetMail.limit; i++) {
      const asked = await askForReset(email, { clientIp: `198.51.100.${i + 1}` });
      // The page never tells: every answer is the same.
      expect(asked).toMatchObject({ status: 200, data: { ok: true, data: { sent: true } } });
    }
    await resetMailsSettled();
    const mails = smtp.messages().filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(RATE_LIMITS.passwordResetMail.limit);
  });

  test(`the ${RATE_LIMITS.passwordReset.limit + 1}th request from one client is refused`, async () => {
    const options = { clientIp: "203.0.113.99" };
    for (let i = 0; i < RATE_LIMITS.passwordReset.limit; i++) {
      expect((await askForReset(`someone-${i}@example.com`, options)).status).toBe(200);
    }
    const refused = await askForReset("one-more@example.com", options);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
