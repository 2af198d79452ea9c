import { and, eq, gt } from "drizzle-orm";
import { AppError } from "~/lib/app-error";
import { RESET_LINK_INVALID } from "~/lib/password-reset";
import type { Database } from "../db/client.server";
import { verifications } from "../db/schema.server";
import { logger } from "../logger.server";
import type { Auth } from "./auth.server";

export const RESET_LINK_SECONDS = 60 * 60;

/**
 * Asks Better Auth for a reset link, which it mails through auth.server.ts's sendResetPassword
 * (and, for an unknown address, answers the same after the same lookups). Its redirect page is
 * not used: the mail links straight to ours.
 */
export async function requestPasswordReset({ auth, email }: { auth: Auth; email: string }): Promise<void> {
  await auth.api.requestPasswordReset({ body: { email } });
}

const mailsInFlight = new Set<Promise<void>>();

/**
 * Runs the per-address limit and the mail after the request has been answered, so the answer takes
 * as long for a registered address as for an unknown one. A failure is logged: the person sees the
 * same page either way and may ask again.
 */
export function sendResetLinkInBackground(send: () => Promise<void>): void {
  const sending = send()
    .catch((error: unknown) => logger.error({ err: error }, "could not send a password reset mail"))
    .finally(() => mailsInFlight.delete(sending));
  mailsInFlight.add(sending);
}

/** Resolves when every reset mail started so far has been sent or refused (tests, shutdown). */
export async function resetMailsSettled(): Promise<void> {
  while (mailsInFlight.size > 0) await Promise.all(mailsInFlight);
}

/** Better Auth keeps a reset token as a verification row until it is used or expires. */
const tokenIdentifier = (token: string) => `reset-password:${token}`;

/** Whether a reset link can still be used: the page shows its form, or why there is none. */
export async function isResetLinkValid({ db, token }: { db: Database; token: string }): Promise<boolean> {
  if (!token) return false;
  const [row] = await db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, tokenIdentifier(token)), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return row !== undefined;
}

/**
 * Sets the new password: Better Auth checks the token, uses it up, replaces the password and ends
 * every session of the account (revokeSessionsOnPasswordReset); onPasswordReset marks the address
 * confirmed. A used, expired or unknown token is a 400 with the page's message.
 */
export async function resetPassword({
  auth,
  token,
  password,
}: {
  auth: Auth;
  token: string;
  password: string;
}): Promise<void> {
  const response = await auth.api.resetPassword({ body: { token, newPassword: password }, asResponse: true });
  if (response.ok) return;
  if (response.status === 400) throw new AppError("bad-request", RESET_LINK_INVALID);
  throw new Error(`password reset failed: ${response.status} ${await response.text()}`);
}
