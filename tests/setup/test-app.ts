import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { createAuth, type GoogleSettings } from "~/server/auth/auth.server";
import { resolveViewer } from "~/server/auth/viewer.server";
import type { AppContext, AppServices } from "~/server/context.server";
import type { Database } from "~/server/db/client.server";
import type { JobQueue } from "~/server/jobs/job-queue.server";
import { users } from "~/server/db/schema.server";
import { setUserRole } from "~/server/auth/roles.server";
import { createBatchedRateLimiter } from "~/server/security/batched-rate-limit.server";
import { createSearchLog } from "~/server/search/search-log.server";
import { createToolCounters } from "~/server/traffic/tool-counters.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { createMailer, type Mailer } from "~/server/mail/mailer.server";
import { createResearchService, type ResearchSettings } from "~/server/research/research-service.server";
import { createLocalStorage } from "~/server/storage/local-storage.server";
import { backupSettings } from "~/server/backup/backup-record.server";

export const TEST_SITE_URL = "http://localhost:3000";

export type TestServices = AppServices & {
  /** How many times a write asked for cached pages to be purged. */
  invalidations: () => number;
  /** The tags of every purge asked for, in order. */
  purges: () => (readonly string[])[];
  outboxDir: string;
  /** The directory the local storage driver writes uploads to. */
  uploadsDir: string;
};

/**
 * The services the server builds at start, on a test database: real Better Auth, and mail
 * either to a fresh outbox directory or to the SMTP server given (a loopback fake).
 */
export function createTestServices({
  db,
  smtpUrl,
  google,
  siteUrl = TEST_SITE_URL,
  research = { search: null, model: null },
  jobs = withoutJobQueue,
}: {
  db: Database;
  smtpUrl?: string;
  google?: GoogleSettings;
  siteUrl?: string;
  /** Where the AI research assistant searches and asks (loopback fakes); unconfigured by default. */
  research?: ResearchSettings;
  /** The job queue; tests of /admin/jobs pass a real one on their database. */
  jobs?: JobQueue;
}): TestServices {
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-outbox-"));
  const mailer: Mailer = createMailer({ smtpUrl, from: "Aitlas <no-reply@aitlas.test>", outboxDir });
  const auth = createAuth({
    db,
    mailer,
    siteUrl,
    secret: "test-secret-that-is-long-enough-0123456789",
    google,
    passwordHashing: quickPasswordHashing,
  });
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-uploads-"));
  const purges: (readonly string[])[] = [];
  return {
    db,
    siteUrl,
    auth,
    googleSignIn: google !== undefined,
    storage: createLocalStorage({ rootDir: uploadsDir, publicPath: "/uploads" }),
    research: createResearchService(research),
    jobs,
    // Counts stay in memory until a test flushes them: no timer outlives the test's database.
    apiRateLimiter: createBatchedRateLimiter({ db, rule: RATE_LIMITS.api, flushIntervalMs: null }),
    searchLog: createSearchLog({ db, flushIntervalMs: null }),
    toolCounters: createToolCounters({ db, flushIntervalMs: null }),
    mailer,
    // A data directory of the test's own, where /admin/backups looks for the last backup made.
    backups: backupSettings({
      dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-data-")),
      BACKUP_KEEP: 7,
      BACKUP_CRON: null,
    }),
    purgePages: async (tags) => {
      purges.push(tags);
    },
    invalidations: () => purges.length,
    purges: () => purges,
    outboxDir,
    uploadsDir,
  };
}

/**
 * scrypt at a 64th of the work factor Better Auth uses (N = 2^8 instead of 2^14): the same
 * salted-hash checks in about a millisecond, for test files that make dozens of accounts (decision
 * 134). Production servers under test keep Better Auth's own.
 */
const quickPasswordHashing = {
  hash: async (password: string) => {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await quickScrypt(password, salt)).toString("hex")}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }) => {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await quickScrypt(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

function quickScrypt(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, 64, { N: 256, r: 16, p: 1 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** For tests that never touch jobs: any use says the test forgot to pass a queue. */
const withoutJobQueue: JobQueue = {
  start: () => Promise.reject(new Error("these test services have no job queue: pass `jobs`")),
  runNow: () => Promise.reject(new Error("these test services have no job queue: pass `jobs`")),
  schedules: () => {
    throw new Error("these test services have no job queue: pass `jobs`");
  },
  queueSizes: () => Promise.reject(new Error("these test services have no job queue: pass `jobs`")),
  stop: async () => {},
};

/** The per-request context the HTTP layer builds: who is asking, from which address. */
export async function contextFor(
  services: AppServices,
  request: Request,
  clientIp = "203.0.113.7",
): Promise<AppContext> {
  const { viewer } = await resolveViewer({ auth: services.auth, db: services.db, headers: request.headers });
  return { ...services, viewer, clientIp };
}

/** A same-origin form post, as a browser on our own page sends it. */
export function formPost(
  url: string,
  fields: Record<string, string>,
  { cookie, origin }: { cookie?: string; origin?: string | null } = {},
) {
  const target = new URL(url, TEST_SITE_URL);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded" });
  if (origin !== null) headers.set("origin", origin ?? target.origin);
  if (cookie) headers.set("cookie", cookie);
  return new Request(target, { method: "POST", headers, body: new URLSearchParams(fields).toString() });
}

/** "name=value" pairs of a response's Set-Cookie headers, ready to send back as a Cookie header. */
export function cookieHeaderFrom(response: Response | Headers): string {
  const headers = response instanceof Response ? response.headers : response;
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/**
 * A confirmed user with a live session, made through Better Auth's real sign-up and sign-in;
 * only the confirmation click is replaced by setting the flag the link would set.
 */
export async function createSignedInUser(services: AppServices, email: string, password = "correct horse") {
  const signUp = await services.auth.api.signUpEmail({ body: { email, password, name: "" }, asResponse: true });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  await services.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
  const signIn = await services.auth.api.signInEmail({ body: { email, password }, asResponse: true });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const [user] = await services.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return { id: user!.id, email, password, cookie: cookieHeaderFrom(signIn) };
}

/** A signed-in administrator (a confirmed user whose profile says 'admin'). */
export async function createSignedInAdmin(services: AppServices, email: string, password = "correct horse") {
  const user = await createSignedInUser(services, email, password);
  await setUserRole({ db: services.db, email, role: "admin" });
  return user;
}
