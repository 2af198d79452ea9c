import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "~/lib/account";
import { AppError } from "~/lib/app-error";
import type { Database } from "../db/client.server";
import { accounts, profiles, users } from "../db/schema.server";
import { isUniqueViolation } from "../db/postgres-errors.server";
import { logger } from "../logger.server";
import { prepareLogo } from "../storage/logo-image.server";
import type { FileStorage } from "../storage/local-storage.server";

/** What /account shows of the member's own account. */
export type AccountProfile = {
  email: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
  /** False for an account that signs in with Google only: it confirms changes by email instead. */
  hasPassword: boolean;
};

export async function findAccountProfile({ db, userId }: { db: Database; userId: string }): Promise<AccountProfile> {
  const [row] = await db
    .select({
      email: users.email,
      displayName: profiles.displayName,
      username: profiles.username,
      avatarUrl: sql<string | null>`coalesce(${profiles.avatarUrl}, ${users.image})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError("not-found", "This account no longer exists.");
  return { ...row, hasPassword: await hasPassword({ db, userId }) };
}

/** Whether the account has a password (a credential account with a hash), as Better Auth keeps it. */
export async function hasPassword({ db, userId }: { db: Database; userId: string }): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)))
    .limit(1);
  return row !== undefined;
}

/** Whether another member already uses the name, whatever its letter case. */
export async function isDisplayNameTaken({
  db,
  displayName,
  exceptUserId,
}: {
  db: Database;
  displayName: string;
  exceptUserId?: string;
}): Promise<boolean> {
  const sameName = sql`lower(${profiles.displayName}) = lower(${displayName})`;
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(exceptUserId ? and(sameName, ne(profiles.id, exceptUserId)) : sameName)
    .limit(1);
  return row !== undefined;
}

const displayNameTaken = () => new AppError("conflict", ACCOUNT_MESSAGES.displayNameTaken);

/**
 * Sets the member's public name, already validated (displayNameSchema). The unique index on
 * lower(display_name) decides between two members choosing the same name at once.
 */
export async function setDisplayName({
  db,
  userId,
  displayName,
}: {
  db: Database;
  userId: string;
  displayName: string;
}): Promise<void> {
  if (await isDisplayNameTaken({ db, displayName, exceptUserId: userId })) throw displayNameTaken();
  try {
    await db
      .update(profiles)
      .set({ displayName, updatedAt: sql`now()` })
      .where(eq(profiles.id, userId));
  } catch (error) {
    if (isUniqueViolation(error)) throw displayNameTaken();
    throw error;
  }
}

/**
 * Stores an uploaded avatar through the logo pipeline (format judged by content, size checked
 * before decoding, re-encoded as WebP without metadata) and makes it the member's picture.
 * Refusals are the pipeline's AppErrors, in its words.
 */
export async function setAvatar({
  db,
  storage,
  userId,
  bytes,
}: {
  db: Database;
  storage: FileStorage;
  userId: string;
  bytes: Buffer;
}): Promise<string> {
  const image = await prepareLogo(bytes);
  // A new name each time: caches holding the old picture never serve it for the new one.
  const key = `avatars/${randomUUID()}.${image.extension}`;
  const stored = await storage.put({ key, body: image.body, contentType: image.contentType });
  await db
    .update(profiles)
    .set({ avatarUrl: stored.url, updatedAt: sql`now()` })
    .where(eq(profiles.id, userId));
  logger.info({ userId, key, bytes: image.body.length }, "stored an uploaded avatar");
  return stored.url;
}

/** Removes the member's picture: the profile's, and the one a Google sign-in brought with it. */
export async function removeAvatar({ db, userId }: { db: Database; userId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ image: null, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({ avatarUrl: null, updatedAt: sql`now()` })
      .where(eq(profiles.id, userId));
  });
}
