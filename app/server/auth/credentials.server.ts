import { eq } from "drizzle-orm";
import { ACCOUNT_MESSAGES } from "~/lib/account";
import { AppError, appErrorCodeFor } from "~/lib/app-error";
import type { Credentials } from "~/lib/auth-schemas";
import type { Database } from "../db/client.server";
import { users } from "../db/schema.server";
import { isDisplayNameTaken, setDisplayName } from "../members/profile.server";
import { logger } from "../logger.server";
import { AUTH_LANDING_PATH, type Auth } from "./auth.server";

/** A session begun: the cookies to send. A refusal is thrown as an AppError instead. */
export type SignedIn = { setCookies: string[] };

export const AUTH_MESSAGES = {
  emailTaken: "An account with this email already exists",
  unconfirmed: "Please check your email to confirm your account before signing in",
  signedIn: "Successfully signed in!",
  signedOut: "Successfully signed out!",
  checkEmail: "Check your email to confirm your account!",
  googleFailed: "Failed to sign in with Google",
} as const;

type ErrorBody = { code?: string; message?: string };

/** Better Auth's refusal as our AppError, in the service's own words (spec section 8). */
async function refusalFrom(response: Response, fallback: string): Promise<AppError> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  if (response.status >= 500) logger.error({ status: response.status, body }, "auth service failed");
  if (body.code === "EMAIL_NOT_VERIFIED") return new AppError("forbidden", AUTH_MESSAGES.unconfirmed);
  // The per-account throttle (auth-hooks.server.ts) answers 429 with its own message and wait.
  if (response.status === 429) {
    const retryAfterSeconds = Math.max(1, Number(response.headers.get("retry-after")) || 1);
    return new AppError("rate-limited", body.message || fallback, {
      headers: { "Retry-After": String(retryAfterSeconds) },
    });
  }
  // Other errors, e.g. "Invalid email or password".
  return new AppError(appErrorCodeFor(response.status), body.message || fallback);
}

/** Signs in with email and password; on success the session cookie is in setCookies. */
export async function signInWithPassword({
  auth,
  credentials,
  headers,
}: {
  auth: Auth;
  credentials: Credentials;
  headers: Headers;
}): Promise<SignedIn> {
  const response = await auth.api.signInEmail({
    body: { ...credentials, callbackURL: AUTH_LANDING_PATH },
    headers,
    asResponse: true,
  });
  if (!response.ok) throw await refusalFrom(response, "Sign in failed. Please try again.");
  return { setCookies: response.headers.getSetCookie() };
}

/**
 * Creates an unconfirmed account and mails the confirmation link, with the display name chosen on
 * the form if any (issue 15): a name already taken refuses the sign-up before anything is created. The spec says plainly when an
 * address is taken, which tells a visitor that it is registered; sign-up is rate-limited per
 * address for that reason (decision 008).
 */
export async function signUpWithPassword({
  auth,
  db,
  credentials,
  headers,
}: {
  auth: Auth;
  db: Database;
  credentials: Credentials & { displayName?: string };
  headers: Headers;
}): Promise<SignedIn> {
  const { displayName, ...login } = credentials;
  // Better Auth stores addresses in lower case, as credentialsSchema hands them over.
  const accountExists = async () =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, credentials.email)).limit(1)).length > 0;
  if (await accountExists()) throw new AppError("conflict", AUTH_MESSAGES.emailTaken);
  if (displayName && (await isDisplayNameTaken({ db, displayName })))
    throw new AppError("conflict", ACCOUNT_MESSAGES.displayNameTaken);

  const response = await auth.api.signUpEmail({
    body: { ...login, name: "", callbackURL: AUTH_LANDING_PATH },
    headers,
    asResponse: true,
  });
  if (!response.ok) {
    // Two sign-ups racing for one address: the loser hits the unique index.
    if (await accountExists()) throw new AppError("conflict", AUTH_MESSAGES.emailTaken);
    throw await refusalFrom(response, "Sign up failed. Please try again.");
  }
  if (displayName) await claimDisplayName({ db, email: login.email, displayName });
  return { setCookies: response.headers.getSetCookie() };
}

/**
 * Gives the new account its chosen name. Should another sign-up have taken the name in the
 * meantime, the account just made is removed again: the form said nothing would be created.
 */
async function claimDisplayName({ db, email, displayName }: { db: Database; email: string; displayName: string }) {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;
  try {
    await setDisplayName({ db, userId: user.id, displayName });
  } catch (error) {
    if (error instanceof AppError && error.code === "conflict") await db.delete(users).where(eq(users.id, user.id));
    throw error;
  }
}
