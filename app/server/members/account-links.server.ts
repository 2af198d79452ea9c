import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { verifications } from "../db/schema.server";

/**
 * The links /account mails (decision 075): one to confirm a new email address, one to delete an
 * account that has no password. Each is a random token, kept in Better Auth's verification table
 * only as its SHA-256 (a copy of the database cannot be turned into working links), used once.
 */
export type AccountLink =
  | { kind: "change-email"; userId: string; newEmail: string }
  | { kind: "delete-account"; userId: string; deleteComments: boolean };

export const CHANGE_EMAIL_LINK_SECONDS = 24 * 60 * 60;
export const DELETE_ACCOUNT_LINK_SECONDS = 60 * 60;

const identifierFor = (token: string) => `account-link:${createHash("sha256").update(token).digest("hex")}`;

/** Stores the link and returns its token, which goes in the mail and nowhere else. */
export async function createAccountLink({
  db,
  link,
  ttlSeconds,
}: {
  db: Database;
  link: AccountLink;
  ttlSeconds: number;
}): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(verifications).values({
    identifier: identifierFor(token),
    value: JSON.stringify(link),
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
  return token;
}

function parseLink(value: string): AccountLink | null {
  try {
    const link = JSON.parse(value) as Partial<AccountLink>;
    return link.kind === "change-email" || link.kind === "delete-account" ? (link as AccountLink) : null;
  } catch {
    return null;
  }
}

/** The link's request while it can still be used (the page shows what it will do), else null. */
export async function findAccountLink({ db, token }: { db: Database; token: string }): Promise<AccountLink | null> {
  if (!token) return null;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifierFor(token)), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return row ? parseLink(row.value) : null;
}

/**
 * Uses the link up and returns its request, or null when it is unknown, expired or used. Run inside
 * the transaction that acts on it: if the action fails, the link still works.
 */
export async function consumeAccountLink({ db, token }: { db: Database; token: string }): Promise<AccountLink | null> {
  if (!token) return null;
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, identifierFor(token)), gt(verifications.expiresAt, new Date())))
    .returning({ value: verifications.value });
  return row ? parseLink(row.value) : null;
}
