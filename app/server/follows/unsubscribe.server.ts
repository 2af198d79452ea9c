import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { getOrCreateInstanceSecret } from "../security/instance-secrets.server";
import { followMailSettings } from "../db/schema.server";

/**
 * The unsubscribe link of every follow email (decision 181): `{userId}.{HMAC}` signed with the
 * instance's "unsubscribe" secret, so it works without signing in and cannot be made for another
 * member. It never expires: an old email's link must still stop the mail.
 */

const SECRET_NAME = "unsubscribe";

function signature(secret: string, userId: string): string {
  return createHmac("sha256", secret).update(`unsubscribe:${userId}`).digest("base64url");
}

/** A signer for many tokens with one read of the secret (the digest job signs one per member). */
export async function unsubscribeSigner({ db }: { db: Database }): Promise<(userId: string) => string> {
  const secret = await getOrCreateInstanceSecret({ db, name: SECRET_NAME });
  return (userId) => `${userId}.${signature(secret, userId)}`;
}

/** The member a token names when its signature is right, else null. */
export async function readUnsubscribeToken({ db, token }: { db: Database; token: string }): Promise<string | null> {
  const [userId, given, ...rest] = token.split(".");
  if (!userId || !given || rest.length > 0 || !isUuid(userId) || given.length > 100) return null;
  const secret = await getOrCreateInstanceSecret({ db, name: SECRET_NAME });
  const expected = Buffer.from(signature(secret, userId.toLowerCase()));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? userId.toLowerCase() : null;
}

/** Stops every follow email to the token's member; false for a token that is not ours. */
export async function unsubscribeWithToken({ db, token }: { db: Database; token: string }): Promise<boolean> {
  const userId = await readUnsubscribeToken({ db, token });
  if (!userId) return false;
  // Only a member who was ever mailed has a row; a deleted account's token has nothing to stop.
  await db
    .update(followMailSettings)
    .set({ frequency: "off", updatedAt: sql`now()` })
    .where(eq(followMailSettings.userId, userId));
  return true;
}

/** The absolute addresses an email carries: the page with a button, and RFC 8058's one-click target. */
export function unsubscribeLinks(siteUrl: string, token: string): { page: string; oneClick: string } {
  const query = `?token=${encodeURIComponent(token)}`;
  return {
    page: new URL(`/unsubscribe${query}`, siteUrl).href,
    oneClick: new URL(`/unsubscribe/one-click${query}`, siteUrl).href,
  };
}
