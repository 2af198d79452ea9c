import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import type { Credentials } from "~/lib/auth-schemas";
import type { Database } from "../db/client.server";
import { profiles, users, verifications } from "../db/schema.server";
import { logger } from "../logger.server";
import type { Auth } from "./auth.server";
import { type SignedIn, signInWithPassword } from "./credentials.server";
import { hasAdministrator } from "./roles.server";
import { DAY_MS } from "~/lib/utc-weeks";

/** Setup tokens live in Better Auth's verifications table under this identifier, hashed. */
const SETUP_IDENTIFIER = "admin-setup";
const SETUP_LIFETIME_MS = DAY_MS;
export const ADMIN_SETUP_PATH = "/setup/admin";

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * While the site has no administrator, every start prints a fresh one-time link: whoever can read
 * the server's log can create the first admin account. Only the token's hash is stored.
 */
export async function announceAdminSetup({ db, siteUrl }: { db: Database; siteUrl: string }): Promise<string | null> {
  if (await hasAdministrator({ db })) return null;
  const token = randomBytes(32).toString("base64url");
  await db.insert(verifications).values({
    identifier: SETUP_IDENTIFIER,
    value: hashToken(token),
    expiresAt: new Date(Date.now() + SETUP_LIFETIME_MS),
  });
  const link = `${siteUrl.replace(/\/$/, "")}${ADMIN_SETUP_PATH}?token=${token}`;
  logger.warn({ link }, `No administrator yet. Create the first admin account here (one use, valid 24 hours): ${link}`);
  return link;
}

/** Whether the token is one we issued, unused, unexpired, and no admin exists yet. */
export async function isAdminSetupTokenValid({ db, token }: { db: Database; token: string }): Promise<boolean> {
  if (!token || (await hasAdministrator({ db }))) return false;
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(
      and(
        eq(verifications.identifier, SETUP_IDENTIFIER),
        eq(verifications.value, hashToken(token)),
        gt(verifications.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(row);
}

const INVALID_LINK = "This setup link is invalid, expired or already used.";

const invalidLink = () => new AppError("forbidden", INVALID_LINK);

/**
 * Makes the holder of a valid setup link the first administrator: a new account is created
 * already confirmed (the link proves access to the server), an existing one must prove its
 * password. The token is spent and the role granted in one transaction, so of two racing
 * holders exactly one becomes admin.
 */
export async function redeemAdminSetup({
  db,
  auth,
  token,
  credentials,
  headers,
}: {
  db: Database;
  auth: Auth;
  token: string;
  credentials: Credentials;
  headers: Headers;
}): Promise<SignedIn> {
  if (!(await isAdminSetupTokenValid({ db, token }))) throw invalidLink();

  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, credentials.email)).limit(1);
  if (!existing) {
    const context = await auth.$context;
    const user = await context.internalAdapter.createUser(
      { email: credentials.email, name: "", emailVerified: true },
      { method: "email-password" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password: await context.password.hash(credentials.password),
    });
  }
  const signedIn = await signInWithPassword({ auth, credentials, headers });

  const granted = await db.transaction(async (tx) => {
    // First, before touching any row: concurrent redemptions (of different tokens) queue here, so
    // the second sees the first admin and no two transactions wait on each other's rows.
    await tx.execute(sql`lock table ${profiles} in share row exclusive mode`);
    const spent = await tx
      .delete(verifications)
      .where(
        and(
          eq(verifications.identifier, SETUP_IDENTIFIER),
          eq(verifications.value, hashToken(token)),
          gt(verifications.expiresAt, new Date()),
        ),
      )
      .returning({ id: verifications.id });
    if (spent.length === 0) return false;
    const [admin] = await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.userType, "admin")).limit(1);
    if (admin) return false;
    await tx
      .update(profiles)
      .set({ userType: "admin", updatedAt: new Date() })
      .where(sql`${profiles.id} = (select id from ${users} where email = ${credentials.email})`);
    await tx.delete(verifications).where(eq(verifications.identifier, SETUP_IDENTIFIER));
    return true;
  });
  if (!granted) throw invalidLink();
  logger.info({ email: credentials.email }, "the first administrator was set up");
  return signedIn;
}
