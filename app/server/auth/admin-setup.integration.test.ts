import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AppError } from "~/lib/app-error";
import { action as setupAction, loader as setupLoader } from "~/routes/admin-setup";
import { profiles, rateLimits, users, verifications } from "~/server/db/schema.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInUser,
  createTestServices,
  formPost,
  TEST_SITE_URL,
  type TestServices,
} from "../../../tests/setup/test-app";
import { announceAdminSetup, isAdminSetupTokenValid, redeemAdminSetup } from "./admin-setup.server";
import { hasAdministrator, setUserRole } from "./roles.server";
import { GENERATED_NAME } from "../../../tests/setup/public-names";

// The first administrator: while none exists, each start announces a one-time link; its holder
// creates the admin account (or promotes an existing one by proving its password). Exactly one
// admin comes out of it, however many links and redemptions race.

const INVALID_LINK = "This setup link is invalid, expired or already used.";

// --- Helpers ---

async function newSetupToken(): Promise<string> {
  const link = await announceAdminSetup({ db: database.db, siteUrl: TEST_SITE_URL });
  if (!link) throw new Error("no setup link was announced");
  return new URL(link).searchParams.get("token")!;
}

/** The redemption's outcome as one value to compare: its cookies, or the AppError it threw. */
async function redeem(token: string, email: string, password = "correct horse") {
  try {
    const signedIn = await redeemAdminSetup({
      db: database.db,
      auth: services.auth,
      token,
      credentials: { email, password },
      headers: new Headers(),
    });
    return { ok: true as const, setCookies: signedIn.setCookies };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ok: false as const, status: error.status, message: error.message };
  }
}

async function viewerFor(cookie: string) {
  return (await contextFor(services, new Request(`${TEST_SITE_URL}/`, { headers: { cookie } }))).viewer;
}

async function adminEmails(): Promise<string[]> {
  const rows = await database.db
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(profiles.userType, "admin"));
  return rows.map((row) => row.email).sort();
}

async function setupTokenRows() {
  return database.db.select().from(verifications).where(eq(verifications.identifier, "admin-setup"));
}

async function settle(run: () => unknown): Promise<{ status: number; data: unknown; headers: Headers }> {
  let value: unknown;
  try {
    value = await run();
  } catch (error) {
    value = error;
  }
  if (value instanceof Response) {
    // A refusal is an error response: its JSON body ({ error, code }) is the data.
    const json = value.headers.get("content-type")?.includes("application/json");
    return { status: value.status, data: json ? await value.json() : null, headers: value.headers };
  }
  const { data, init } = value as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, data, headers: new Headers(init?.headers) };
}

async function callSetupAction(fields: Record<string, string>, clientIp?: string) {
  const request = formPost("/setup/admin", fields);
  const context = await contextFor(services, request, clientIp);
  return settle(() => setupAction({ request, context, params: {} } as never));
}

let database: TestDatabase;
let services: TestServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${users}, ${verifications}, ${rateLimits} cascade`);
});

describe("announcing the setup link", () => {
  test("gives a link while there is no administrator, and stores only the token's hash", async () => {
    const link = await announceAdminSetup({ db: database.db, siteUrl: `${TEST_SITE_URL}/` });
    expect(link).toMatch(/^http:\/\/localhost:3000\/setup\/admin\?token=[A-Za-z0-9_-]{43}$/);
    const token = new URL(link!).searchParams.get("token")!;

    const rows = await setupTokenRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.value).not.toContain(token);
    const hoursLeft = (rows[0]!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    expect(await isAdminSetupTokenValid({ db: database.db, token })).toBe(true);
  });

  test("gives a different link each time", async () => {
    expect(await newSetupToken()).not.toBe(await newSetupToken());
  });

  test("gives nothing once an administrator exists", async () => {
    const { email } = await createSignedInUser(services, "ada@example.com");
    await setUserRole({ db: database.db, email, role: "admin" });
    expect(await announceAdminSetup({ db: database.db, siteUrl: TEST_SITE_URL })).toBeNull();
    expect(await setupTokenRows()).toEqual([]);
  });
});

describe("redeeming the link", () => {
  test("a wrong, empty or expired token is refused and creates nothing", async () => {
    const token = await newSetupToken();
    await database.db.update(verifications).set({ expiresAt: sql`now() - interval '1 second'` });

    for (const attempt of ["not-the-token", "", token]) {
      expect(await redeem(attempt, "eve@example.com")).toEqual({ ok: false, status: 403, message: INVALID_LINK });
    }
    expect(await database.db.select().from(users)).toEqual([]);
  });

  test("the right token creates a confirmed administrator, signed in", async () => {
    const token = await newSetupToken();

    const outcome = await redeem(token, "ada@example.com", "analytical engine");

    expect(outcome.ok).toBe(true);
    const cookie = outcome.ok
      ? cookieHeaderFrom(new Headers(outcome.setCookies.map((value): [string, string] => ["set-cookie", value])))
      : "";
    expect(cookie).toMatch(/aitlas\.session_token=/);
    const viewer = await viewerFor(cookie);
    expect(viewer).toMatchObject({
      email: "ada@example.com",
      displayName: expect.stringMatching(GENERATED_NAME),
      isAdmin: true,
    });
    // Never the address's local part (decision 147).
    expect(viewer?.username).toBe(viewer?.displayName);
    const [user] = await database.db.select().from(users).where(eq(users.email, "ada@example.com"));
    expect(user?.emailVerified).toBe(true);
    // The password works for later sign-ins.
    const signIn = await services.auth.api.signInEmail({
      body: { email: "ada@example.com", password: "analytical engine" },
      asResponse: true,
    });
    expect(signIn.status).toBe(200);
  });

  test("a link works once, and no other link is left over", async () => {
    const token = await newSetupToken();
    const other = await newSetupToken();
    expect((await redeem(token, "ada@example.com")).ok).toBe(true);

    expect(await redeem(token, "eve@example.com")).toEqual({ ok: false, status: 403, message: INVALID_LINK });
    expect(await redeem(other, "eve@example.com")).toEqual({ ok: false, status: 403, message: INVALID_LINK });
    expect(await setupTokenRows()).toEqual([]);
    expect(await adminEmails()).toEqual(["ada@example.com"]);
    expect(await database.db.select().from(users).where(eq(users.email, "eve@example.com"))).toEqual([]);
  });

  test("an existing account must give its own password to be promoted", async () => {
    const existing = await createSignedInUser(services, "ada@example.com", "analytical engine");
    const token = await newSetupToken();

    expect(await redeem(token, "ada@example.com", "a guess at it")).toEqual({
      ok: false,
      status: 401,
      message: "Invalid email or password",
    });
    expect(await hasAdministrator({ db: database.db })).toBe(false);
    // A failed attempt does not spend the link.
    expect(await isAdminSetupTokenValid({ db: database.db, token })).toBe(true);

    const outcome = await redeem(token, "ada@example.com", "analytical engine");
    expect(outcome.ok).toBe(true);
    expect(await adminEmails()).toEqual(["ada@example.com"]);
    expect((await viewerFor(existing.cookie))?.id).toBe(existing.id);
    expect((await viewerFor(existing.cookie))?.isAdmin).toBe(true);
    expect(await database.db.select().from(users)).toHaveLength(1);
  });

  test("an existing account whose address is unconfirmed is not promoted", async () => {
    const signUp = await services.auth.api.signUpEmail({
      body: { email: "ada@example.com", password: "analytical engine", name: "" },
      asResponse: true,
    });
    expect(signUp.ok).toBe(true);
    const token = await newSetupToken();

    const outcome = await redeem(token, "ada@example.com", "analytical engine");
    expect(outcome).toEqual({
      ok: false,
      status: 403,
      message: "Please check your email to confirm your account before signing in",
    });
    expect(await hasAdministrator({ db: database.db })).toBe(false);
  });

  test("two links redeemed at the same time make exactly one administrator, and the other holder is told", async () => {
    // The interleaving differs from run to run: a few rounds meet the troublesome ones.
    for (let round = 0; round < 6; round++) {
      await database.db.execute(sql`truncate table ${users}, ${verifications} cascade`);
      const [first, second] = [await newSetupToken(), await newSetupToken()];

      const outcomes = await Promise.all([redeem(first, "ada@example.com"), redeem(second, "max@example.com")]);

      expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
      expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([{ ok: false, status: 403, message: INVALID_LINK }]);
      expect(await adminEmails()).toHaveLength(1);
      expect(await setupTokenRows()).toEqual([]);
    }
  });

  test("one link redeemed twice at the same time makes exactly one administrator", async () => {
    const token = await newSetupToken();

    const outcomes = await Promise.all([redeem(token, "ada@example.com"), redeem(token, "max@example.com")]);

    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await adminEmails()).toHaveLength(1);
  });
});

describe("the setup page", () => {
  test("says whether its link is valid", async () => {
    const token = await newSetupToken();
    const load = async (query: string) => {
      const request = new Request(`${TEST_SITE_URL}/setup/admin${query}`);
      return setupLoader({ request, context: await contextFor(services, request), params: {} } as never);
    };
    expect(await load(`?token=${token}`)).toEqual({ token, valid: true });
    expect(await load("?token=wrong")).toEqual({ token: "wrong", valid: false });
    expect(await load("")).toEqual({ token: "", valid: false });
  });

  test("creates the administrator and lands on / signed in", async () => {
    const token = await newSetupToken();

    const created = await callSetupAction({ token, email: "Ada@Example.com", password: "analytical engine" });

    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/");
    expect((await viewerFor(cookieHeaderFrom(created.headers)))?.isAdmin).toBe(true);
    expect(await adminEmails()).toEqual(["ada@example.com"]);
  });

  test("checks the form before the token", async () => {
    const token = await newSetupToken();
    const refused = await callSetupAction({ token, email: "not-an-email", password: "12345" });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        ok: false,
        fieldErrors: { email: "Invalid email address", password: "Password must be at least 6 characters" },
      },
    });
    expect(await isAdminSetupTokenValid({ db: database.db, token })).toBe(true);
  });

  test(`guessing tokens is limited to ${RATE_LIMITS.adminSetup.limit} tries per address`, async () => {
    const token = await newSetupToken();
    for (let attempt = 1; attempt <= RATE_LIMITS.adminSetup.limit; attempt++) {
      const guess = await callSetupAction(
        { token: `guess-${attempt}`, email: "eve@example.com", password: "long enough" },
        "198.51.100.1",
      );
      expect(guess).toMatchObject({ status: 403, data: { ok: false, formError: INVALID_LINK } });
    }

    const refused = await callSetupAction({ token, email: "eve@example.com", password: "long enough" }, "198.51.100.1");
    expect(refused.status).toBe(429);
    expect((refused.data as { formError: string }).formError).toMatch(/^Too many attempts\./);
    expect(await hasAdministrator({ db: database.db })).toBe(false);

    const owner = await callSetupAction({ token, email: "ada@example.com", password: "long enough" }, "198.51.100.2");
    expect(owner.status).toBe(302);
  });
});
