import { and, eq } from "drizzle-orm";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { isSafeRedirectPath } from "~/lib/safe-redirect";
import type { Database } from "../db/client.server";
import { accounts, sessions, users } from "../db/schema.server";
import { claimSignInAttempt, clearSignInAttempts } from "../security/account-throttle.server";
import { tooManyAttemptsMessage } from "../security/rate-limit-rules.server";

/** Where a confirmation link lands: a page that asks for the account's password (decision "account squatting"). */
export const CONFIRM_EMAIL_PATH = "/auth/confirm";

/** Fields in which Better Auth is told where to send the browser afterwards. */
const REDIRECT_FIELDS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

function redirectTargets(ctx: { query?: unknown; body?: unknown }): unknown[] {
  const sources = [ctx.query, ctx.body].filter(
    (source): source is Record<string, unknown> => typeof source === "object" && source !== null,
  );
  return sources.flatMap((source) => REDIRECT_FIELDS.filter((field) => field in source).map((field) => source[field]));
}

function emailIn(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || !("email" in body)) return undefined;
  return typeof body.email === "string" ? body.email : undefined;
}

/**
 * What we add around Better Auth's endpoints, for every way in (our actions through auth.api and
 * the HTTP endpoints under /api/auth alike):
 * - every place it may redirect to passes the site's one safe-redirect check;
 * - email sign-in is throttled per account, and a correct password clears the count;
 * - a confirmation link opened in a browser goes to our confirmation page.
 */
export function authHooks(db: Database) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      // Better Auth accepts any relative path; ours refuses `/\t/evil.com` and other bypasses.
      if (redirectTargets(ctx).some((target) => !isSafeRedirectPath(target)))
        throw new APIError("BAD_REQUEST", { code: "INVALID_CALLBACK_URL", message: "Invalid callback URL" });

      if (ctx.path === "/verify-email" && ctx.request) {
        const token = typeof ctx.query?.token === "string" ? ctx.query.token : "";
        throw ctx.redirect(`${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`);
      }

      const email = ctx.path === "/sign-in/email" ? emailIn(ctx.body) : undefined;
      if (email) {
        const claim = await claimSignInAttempt({ db, email });
        // Returned, not thrown: Better Auth turns a returned error into the answer for our own
        // auth.api calls too, where a thrown one would escape as a server error.
        if (!claim.allowed)
          return new APIError(
            "TOO_MANY_REQUESTS",
            { code: "TOO_MANY_ATTEMPTS", message: tooManyAttemptsMessage(claim.retryAfterSeconds) },
            { "Retry-After": String(claim.retryAfterSeconds) },
          );
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      const email = ctx.path === "/sign-in/email" ? emailIn(ctx.body) : undefined;
      if (!email) return;
      const returned: unknown = ctx.context.returned;
      // An unconfirmed account answers EMAIL_NOT_VERIFIED only after the password matched.
      const passwordMatched =
        !(returned instanceof APIError) ||
        (returned.body as { code?: string } | undefined)?.code === "EMAIL_NOT_VERIFIED";
      if (passwordMatched) await clearSignInAttempts({ db, email });
    }),
  };
}

/**
 * Before a provider identity (Google, which proved the address) joins an account whose address was
 * never confirmed, the password set at sign-up and every session are removed: whoever registered
 * the address first does not keep a way into its owner's account (decision "account squatting").
 */
export async function revokeUnprovenCredentials(db: Database, account: { providerId: string; userId: string }) {
  if (account.providerId === "credential") return;
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, account.userId))
      .for("update");
    if (!user || user.emailVerified) return;
    await tx.delete(accounts).where(and(eq(accounts.userId, account.userId), eq(accounts.providerId, "credential")));
    await tx.delete(sessions).where(eq(sessions.userId, account.userId));
  });
}
