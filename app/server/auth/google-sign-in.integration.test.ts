import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { action as googleAction } from "~/routes/auth-google";
import { loader as landingLoader } from "~/routes/auth-signed-in";
import { accounts, profiles, sessions, users, verifications } from "~/server/db/schema.server";
import { readFlashValue } from "~/server/flash.server";
import { startFakeOidcProvider, type FakeOidcProvider, type OidcIdentity } from "../../../tests/fakes/oidc-provider";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { GENERATED_NAME } from "../../../tests/setup/public-names";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInUser,
  createTestServices,
  formPost,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";

// "Continue with Google" end to end against a loopback OpenID Connect provider: the route's
// action, the provider's authorize redirect, and Better Auth's callback, with the cookies a browser
// would carry between them. The rule under test above all: a Google identity joins an existing
// account only when both sides have proven the address.

const CLIENT_ID = "aitlas-google-test";
const CLIENT_SECRET = "aitlas-google-test-secret";

const ADA: OidcIdentity = {
  sub: "google-ada",
  email: "ada@example.com",
  email_verified: true,
  name: "Ada Lovelace",
  picture: "https://images.example/ada.png",
};

// --- The browser's part of the flow ---

type FlowResult = {
  /** Where the callback sent the browser, on our site. */
  landing: URL;
  /** Cookies the callback set (the session, when it worked), as a Cookie header. */
  cookie: string;
  setCookies: string[];
};

/** Clicks "Continue with Google" on `from`, lets the provider answer, and follows it back to our callback. */
async function continueWithGoogle({ redirectTo = "/tool/chatgpt" }: { redirectTo?: string } = {}): Promise<FlowResult> {
  const clicked = await callRoute(googleAction, formPost("/auth/google", { redirectTo }));
  if (!(clicked instanceof Response) || clicked.status !== 302)
    throw new Error("the action did not redirect to the provider");
  const authorizeUrl = clicked.headers.get("location")!;
  expect(authorizeUrl.startsWith(`${provider.issuer}/authorize?`)).toBe(true);
  const stateCookies = cookieHeaderFrom(clicked);
  expect(stateCookies).not.toBe("");

  const answered = await fetch(authorizeUrl, { redirect: "manual" });
  expect(answered.status).toBe(302);
  const callbackUrl = answered.headers.get("location")!;
  expect(callbackUrl.startsWith(`${TEST_SITE_URL}/api/auth/callback/google?`)).toBe(true);

  return followCallback(callbackUrl, stateCookies);
}

async function followCallback(callbackUrl: string, cookie: string): Promise<FlowResult> {
  const response = await services.auth.handler(new Request(callbackUrl, { headers: cookie ? { cookie } : {} }));
  expect(response.status).toBe(302);
  return {
    landing: new URL(response.headers.get("location")!, TEST_SITE_URL),
    cookie: cookieHeaderFrom(response),
    setCookies: response.headers.getSetCookie(),
  };
}

async function callRoute(routeFunction: (args: never) => unknown, request: Request): Promise<unknown> {
  const context = await contextFor(services, request);
  try {
    return await routeFunction({ request, context, params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

/** The toast the landing page turns the callback's outcome into. */
async function landingFlash(result: FlowResult) {
  const response = (await callRoute(
    landingLoader,
    new Request(result.landing, { headers: result.cookie ? { cookie: result.cookie } : {} }),
  )) as Response;
  const flashCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith("aitlas_flash="))!;
  const value = flashCookie.split(";")[0]!.slice("aitlas_flash=".length);
  return {
    location: response.headers.get("location"),
    flash: readFlashValue(value),
  };
}

async function viewerFor(cookie: string) {
  return (await contextFor(services, new Request(`${TEST_SITE_URL}/`, { headers: { cookie } }))).viewer;
}

async function googleAccountsOf(userId: string) {
  return database.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "google")));
}

async function usersWithEmail(email: string) {
  return database.db.select().from(users).where(eq(users.email, email));
}

/** Better Auth's error codes: account_not_linked (the linking rule), access_denied (the provider's). */
function expectRefusedLanding(result: FlowResult, error: string) {
  expect(result.landing.pathname).toBe("/auth/signed-in");
  expect(result.landing.searchParams.get("error")).toBe(error);
  expect(result.landing.searchParams.get("provider")).toBe("google");
  expect(result.setCookies.filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
}

// --- Setup ---

let database: TestDatabase;
let provider: FakeOidcProvider;
let services: TestServices;

beforeAll(async () => {
  database = await createTestDatabase();
  provider = await startFakeOidcProvider({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
  services = createTestServices({
    db: database.db,
    google: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, issuerUrl: provider.issuer },
  });
});
afterAll(async () => {
  await provider.stop();
  await database.dispose();
});

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${users}, ${verifications} cascade`);
  provider.setNextIdentity(ADA);
});

describe("a new Google user", () => {
  test("gets a confirmed account with a profile, and lands signed in where they started", async () => {
    const result = await continueWithGoogle({ redirectTo: "/tool/chatgpt" });

    expect(result.landing.pathname).toBe("/auth/signed-in");
    expect(result.landing.searchParams.get("next")).toBe("/tool/chatgpt");
    expect(result.landing.searchParams.get("error")).toBeNull();
    const session = result.setCookies.find((cookie) => cookie.startsWith("aitlas.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);

    const [user] = await usersWithEmail("ada@example.com");
    expect(user?.emailVerified).toBe(true);
    const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, user!.id));
    expect(profile).toMatchObject({
      username: "Ada Lovelace",
      displayName: expect.stringMatching(GENERATED_NAME),
      avatarUrl: "https://images.example/ada.png",
      userType: "user",
    });
    expect(await googleAccountsOf(user!.id)).toEqual([expect.objectContaining({ accountId: "google-ada" })]);

    expect(await viewerFor(result.cookie)).toEqual({
      id: user!.id,
      email: "ada@example.com",
      username: "Ada Lovelace",
      displayName: profile!.displayName,
      avatarUrl: "https://images.example/ada.png",
      isAdmin: false,
    });
    expect(await landingFlash(result)).toEqual({
      location: "/tool/chatgpt",
      flash: { kind: "success", title: "Successfully signed in!" },
    });
  });

  test("signing in again finds the same account", async () => {
    await continueWithGoogle();
    const again = await continueWithGoogle();
    expect((await viewerFor(again.cookie))?.email).toBe("ada@example.com");
    expect(await usersWithEmail("ada@example.com")).toHaveLength(1);
    expect(await database.db.select().from(accounts)).toHaveLength(1);
  });

  test("an unsafe place to return to is replaced by /", async () => {
    const result = await continueWithGoogle({ redirectTo: "https://evil.example/" });
    expect(result.landing.searchParams.get("next")).toBe("/");
  });
});

describe("an existing password account with the same address", () => {
  test("is joined when its address is confirmed: same user, a Google account beside the password", async () => {
    const existing = await createSignedInUser(services, "ada@example.com", "analytical engine");

    const result = await continueWithGoogle();

    expect(result.landing.searchParams.get("error")).toBeNull();
    expect((await viewerFor(result.cookie))?.id).toBe(existing.id);
    expect(await usersWithEmail("ada@example.com")).toHaveLength(1);
    expect(await googleAccountsOf(existing.id)).toHaveLength(1);
    const providers = await database.db
      .select({ providerId: accounts.providerId })
      .from(accounts)
      .where(eq(accounts.userId, existing.id));
    expect(providers.map((row) => row.providerId).sort()).toEqual(["credential", "google"]);
  });

  test("an unconfirmed one is taken over by the owner: the squatter's password and sessions stop working", async () => {
    // Eve signs up with Ada's address and never confirms it; say she holds a session somehow.
    const signUp = await services.auth.api.signUpEmail({
      body: { email: "ada@example.com", password: "eve's password", name: "" },
      asResponse: true,
    });
    expect(signUp.ok).toBe(true);
    const [squatted] = await usersWithEmail("ada@example.com");
    const internal = (await services.auth.$context).internalAdapter;
    const evesSession = await internal.createSession(squatted!.id);

    const result = await continueWithGoogle();

    expect(result.landing.searchParams.get("error")).toBeNull();
    expect((await viewerFor(result.cookie))?.id).toBe(squatted!.id);
    const [owned] = await usersWithEmail("ada@example.com");
    expect(owned?.emailVerified).toBe(true);
    const providers = await database.db
      .select({ providerId: accounts.providerId })
      .from(accounts)
      .where(eq(accounts.userId, squatted!.id));
    expect(providers.map((row) => row.providerId)).toEqual(["google"]);
    expect(await database.db.select().from(sessions).where(eq(sessions.id, evesSession.id))).toEqual([]);
    const evesSignIn = await services.auth.api.signInEmail({
      body: { email: "ada@example.com", password: "eve's password" },
      asResponse: true,
    });
    expect(evesSignIn.status).toBe(401);
  });

  test("is NOT joined when the provider has not verified its own address", async () => {
    const existing = await createSignedInUser(services, "ada@example.com");
    provider.setNextIdentity({ ...ADA, email_verified: false });

    const result = await continueWithGoogle();

    expectRefusedLanding(result, "account_not_linked");
    expect(await googleAccountsOf(existing.id)).toEqual([]);
    expect((await landingFlash(result)).flash).toEqual({ kind: "error", title: "Failed to sign in with Google" });
  });
});

describe("a sign-in that does not complete", () => {
  test("the user cancelling at the provider lands with 'Failed to sign in with Google'", async () => {
    provider.denyNext();

    const result = await continueWithGoogle({ redirectTo: "/blog" });

    expectRefusedLanding(result, "access_denied");
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await landingFlash(result)).toEqual({
      location: "/blog",
      flash: { kind: "error", title: "Failed to sign in with Google" },
    });
  });

  test("a callback without this browser's state cookie signs nobody in", async () => {
    const clicked = (await callRoute(googleAction, formPost("/auth/google", { redirectTo: "/" }))) as Response;
    const answered = await fetch(clicked.headers.get("location")!, { redirect: "manual" });

    // An attacker's browser, or a link planted on the victim, carries no matching state cookie.
    const response = await services.auth.handler(new Request(answered.headers.get("location")!));
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, TEST_SITE_URL).searchParams.get("error")).toBe("state_mismatch");
    expect(response.headers.getSetCookie().filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
    expect(await database.db.select().from(users)).toEqual([]);
  });

  test("a code can be used once", async () => {
    const clicked = (await callRoute(googleAction, formPost("/auth/google", { redirectTo: "/" }))) as Response;
    const stateCookies = cookieHeaderFrom(clicked);
    const callbackUrl = (await fetch(clicked.headers.get("location")!, { redirect: "manual" })).headers.get(
      "location",
    )!;

    const first = await followCallback(callbackUrl, stateCookies);
    expect(first.landing.searchParams.get("error")).toBeNull();
    const replayed = await followCallback(callbackUrl, stateCookies);
    expect(replayed.landing.searchParams.get("error")).toBeTruthy();
    expect(replayed.setCookies.filter((cookie) => /session_token=[^;]/.test(cookie))).toEqual([]);
  });
});

describe("the Continue with Google action", () => {
  test("refuses a post from another site", async () => {
    const thrown = await callRoute(
      googleAction,
      formPost("/auth/google", { redirectTo: "/" }, { origin: "http://evil.example" }),
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(403);
  });

  test("answers 404 when Google is not configured", async () => {
    const withoutGoogle = createTestServices({ db: database.db });
    const request = formPost("/auth/google", { redirectTo: "/" });
    const context = await contextFor(withoutGoogle, request);
    let thrown: unknown;
    try {
      await googleAction({ request, context, params: {} } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect(await (thrown as Response).json()).toEqual({ error: "Google sign-in is not configured", code: "not-found" });
    expect(context.googleSignIn).toBe(false);
  });
});
