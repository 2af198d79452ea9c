import { eq } from "drizzle-orm";
import type { Credentials } from "~/lib/auth-schemas";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { logger } from "../logger";
import { AUTH_LANDING_PATH, type Auth } from "./auth.server";

export type AuthOutcome = { ok: true; setCookies: string[] } | { ok: false; status: number; message: string };

export const AUTH_MESSAGES = {
  emailTaken: "An account with this email already exists",
  unconfirmed: "Please check your email to confirm your account before signing in",
  signedIn: "Successfully signed in!",
  signedOut: "Successfully signed out!",
  checkEmail: "Check your email to confirm your account!",
  googleFailed: "Failed to sign in with Google",
} as const;

type ErrorBody = { code?: string; message?: string };

async function failure(response: Response, fallback: string): Promise<AuthOutcome> {
  const body = (await response.json().catch(() => ({}))) as ErrorBody;
  if (response.status >= 500) logger.error({ status: response.status, body }, "auth service failed");
  if (body.code === "EMAIL_NOT_VERIFIED") return { ok: false, status: 403, message: AUTH_MESSAGES.unconfirmed };
  // Other errors: the service's own words (spec section 8), e.g. "Invalid email or password".
  return { ok: false, status: response.status >= 500 ? 500 : response.status, message: body.message || fallback };
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
}): Promise<AuthOutcome> {
  const response = await auth.api.signInEmail({
    body: { ...credentials, callbackURL: AUTH_LANDING_PATH },
    headers,
    asResponse: true,
  });
  if (!response.ok) return failure(response, "Sign in failed. Please try again.");
  return { ok: true, setCookies: response.headers.getSetCookie() };
}

/**
 * Creates an unconfirmed account and mails the confirmation link. The spec says plainly when an
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
  credentials: Credentials;
  headers: Headers;
}): Promise<AuthOutcome> {
  // Better Auth stores addresses in lower case, as credentialsSchema hands them over.
  const accountExists = async () =>
    (await db.select({ id: users.id }).from(users).where(eq(users.email, credentials.email)).limit(1)).length > 0;
  if (await accountExists()) return { ok: false, status: 409, message: AUTH_MESSAGES.emailTaken };

  const response = await auth.api.signUpEmail({
    body: { ...credentials, name: "", callbackURL: AUTH_LANDING_PATH },
    headers,
    asResponse: true,
  });
  if (!response.ok) {
    // Two sign-ups racing for one address: the loser hits the unique index.
    if (await accountExists()) return { ok: false, status: 409, message: AUTH_MESSAGES.emailTaken };
    return failure(response, "Sign up failed. Please try again.");
  }
  return { ok: true, setCookies: response.headers.getSetCookie() };
}
