import { and, eq } from "drizzle-orm";
import { verifyJWT } from "better-auth/crypto";
import { AppError } from "~/lib/app-error";
import type { Database } from "../db/client.server";
import { accounts, sessions, users } from "../db/schema.server";
import type { Auth } from "./auth.server";
import type { SignedIn } from "./credentials.server";

/** Why a link confirms nothing: the refusal a confirmation throws, and what its page shows. */
function linkRefusal(reason: "invalid-link" | "already-confirmed"): AppError {
  return reason === "invalid-link"
    ? new AppError("bad-request", "This confirmation link is no longer valid.")
    : // Confirmed before: nothing changes, nobody is signed in.
      new AppError("conflict", "This email address is already confirmed. Sign in to continue.");
}

/** The address a confirmation token (Better Auth's signed JWT) was issued for, if it is still valid. */
async function tokenEmail(auth: Auth, token: string): Promise<string | null> {
  if (!token) return null;
  const { secret } = await auth.$context;
  const payload = await verifyJWT<{ email?: unknown; updateTo?: unknown }>(token, secret);
  // A change-of-address token (updateTo) is not a sign-up confirmation.
  return payload && typeof payload.email === "string" && !payload.updateTo ? payload.email.toLowerCase() : null;
}

export type ConfirmationLinkState = "valid" | "invalid-link" | "already-confirmed";

/** What the confirmation page shows for a link: the password form, or why there is none. */
export async function confirmationLinkState({
  auth,
  db,
  token,
}: {
  auth: Auth;
  db: Database;
  token: string;
}): Promise<ConfirmationLinkState> {
  const found = await unconfirmedUserFor({ auth, db, token });
  return found.ok ? "valid" : found.reason;
}

async function unconfirmedUserFor({
  auth,
  db,
  token,
}: {
  auth: Auth;
  db: Database;
  token: string;
}): Promise<{ ok: true; userId: string } | { ok: false; reason: "invalid-link" | "already-confirmed" }> {
  const email = await tokenEmail(auth, token);
  if (!email) return { ok: false, reason: "invalid-link" };
  const [user] = await db
    .select({ id: users.id, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!user) return { ok: false, reason: "invalid-link" };
  if (user.emailVerified) return { ok: false, reason: "already-confirmed" };
  return { ok: true, userId: user.id };
}

/**
 * Confirms an address with the password the person holding the mailbox chooses now.
 *
 * Anyone may sign up with someone else's address; when its owner then confirms it, the password
 * chosen at sign-up must not keep opening the account (decision "account squatting"). So the
 * password given here replaces it, and every session the account had ends, before Better Auth
 * marks the address confirmed and signs the owner in.
 */
export async function confirmEmailWithPassword({
  auth,
  db,
  token,
  password,
  headers,
}: {
  auth: Auth;
  db: Database;
  token: string;
  password: string;
  headers: Headers;
}): Promise<SignedIn> {
  const found = await unconfirmedUserFor({ auth, db, token });
  if (!found.ok) throw linkRefusal(found.reason);

  const { password: hasher } = await auth.$context;
  const hash = await hasher.hash(password);
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, found.userId), eq(accounts.providerId, "credential")));
    await tx.delete(sessions).where(eq(sessions.userId, found.userId));
  });

  const response = await auth.api.verifyEmail({ query: { token }, headers, asResponse: true });
  if (!response.ok) throw linkRefusal("invalid-link");
  return { setCookies: response.headers.getSetCookie() };
}
