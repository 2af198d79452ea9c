import { eq } from "drizzle-orm";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { genericOAuth } from "better-auth/plugins";
import { RESET_PASSWORD_PATH } from "~/lib/password-reset";
import { siteBranding } from "../branding.server";
import type { Database } from "../db/client.server";
import { accounts, sessions, users, verifications } from "../db/schema.server";
import { noteIfDatabaseUnavailable } from "../db/database-unavailable.server";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { confirmationMail, passwordResetMail } from "../mail/messages.server";
import { enforceRateLimit, RATE_LIMITS } from "../security/rate-limit-rules.server";
import { RESET_LINK_SECONDS, sendResetLinkInBackground } from "./password-reset.server";
import { authHooks, CONFIRM_EMAIL_PATH, revokeUnprovenCredentials } from "./auth-hooks.server";

/** The header our HTTP layer sets to the client address it worked out; any incoming copy is dropped. */
export const CLIENT_IP_HEADER = "x-aitlas-client-ip";
export const AUTH_BASE_PATH = "/api/auth";
/** Where a confirmation link or a Google sign-in lands; it greets the user and moves on. */
export const AUTH_LANDING_PATH = "/auth/signed-in";

export type GoogleSettings = { clientId: string; clientSecret: string; issuerUrl: string };

export type AuthOptions = {
  db: Database;
  mailer: Mailer;
  /** The site's public origin, e.g. https://aitlas.example or http://localhost:3000. */
  siteUrl: string;
  secret: string;
  google?: GoogleSettings;
  /**
   * How passwords are hashed and checked; Better Auth's own scrypt (about 0.1 s of CPU each) when
   * unset, as in every server. Tests that make hundreds of accounts pass a cheaper one (decision 134).
   */
  passwordHashing?: {
    hash(password: string): Promise<string>;
    verify(input: { hash: string; password: string }): Promise<boolean>;
  };
};

const DAY_SECONDS = 24 * 60 * 60;

export function createAuth({ db, mailer, siteUrl, secret, google, passwordHashing }: AuthOptions) {
  return betterAuth({
    appName: siteBranding.name,
    baseURL: siteUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [new URL(siteUrl).origin],
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      ...(passwordHashing && { password: passwordHashing }),
      // "Forgot password?" (password-reset.server.ts): a one-hour, single-use link to our own page.
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Not awaited: a known address must not take longer to answer than an unknown one.
      sendResetPassword: async ({ user, token }) =>
        sendResetLinkInBackground(async () => {
          const limited = await enforceRateLimit({ db, rule: RATE_LIMITS.passwordResetMail, subject: user.email });
          if (limited) return void logger.info("password reset mail not sent: too many for this address this hour");
          const url = new URL(`${RESET_PASSWORD_PATH}?token=${encodeURIComponent(token)}`, siteUrl).href;
          await mailer.send({ to: user.email, ...passwordResetMail({ url }) });
        }),
      // The link proved the mailbox, as a confirmation link does.
      onPasswordReset: async ({ user }) => {
        await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in before confirming sends a fresh link, so a lost first email is not a dead end.
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: DAY_SECONDS,
      // The link opens our confirmation page, which asks for the password (decision "account squatting").
      sendVerificationEmail: async ({ user, token }) => {
        const url = new URL(`${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`, siteUrl).href;
        await mailer.send({ to: user.email, ...confirmationMail({ url }) });
      },
    },
    session: {
      expiresIn: 30 * DAY_SECONDS,
      // A session used after a day gets a new expiry (and cookie): active users stay signed in.
      updateAge: DAY_SECONDS,
    },
    account: {
      accountLinking: {
        enabled: true,
        // A provider identity joins an existing account only when the provider proved the address.
        // An account whose address was never confirmed is joined too, but its password and
        // sessions go first (databaseHooks below): whoever registered the address keeps nothing.
        trustedProviders: [],
        requireLocalEmailVerified: false,
      },
    },
    databaseHooks: {
      account: { create: { before: async (account) => void (await revokeUnprovenCredentials(db, account)) } },
    },
    // Sign-in and sign-up are rate-limited by our own database counters (see security/), which
    // hold across processes; Better Auth's in-memory limiter would not.
    rateLimit: { enabled: false },
    // Safe redirects, per-account sign-in throttling, and confirmation links through our page.
    hooks: authHooks(db),
    // Our own actions are the way in for these (validated, rate-limited, spec messages); profile
    // edits do not exist in the product, and an open update-user would let anyone point their
    // avatar at any server, loaded by everyone who reads their comments.
    disabledPaths: ["/sign-up/email", "/update-user", "/change-email"],
    advanced: {
      // Better Auth turns its origin and callback-URL checks off under NODE_ENV=test; tests must
      // exercise the production setting.
      disableOriginCheck: false,
      cookiePrefix: "aitlas",
      useSecureCookies: siteUrl.startsWith("https:"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      database: { generateId: "uuid" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // Refusals (wrong password, bad callback URL) are answers, not faults: Better Auth would print
    // each to the console itself; only server errors are worth an error line.
    onAPIError: {
      onError: (error) => {
        const status = typeof error === "object" && error !== null && "status" in error ? String(error.status) : "";
        // A database outage is noted for the request, which then answers 503 "temporarily unavailable".
        if (noteIfDatabaseUnavailable(error)) return;
        if (status === "INTERNAL_SERVER_ERROR" || status === "") logger.error({ err: error }, "auth: request failed");
        else logger.debug({ status }, "auth: request refused");
      },
    },
    logger: {
      level: "warn",
      log: (level, message, ...args) => {
        const details = args.length ? { details: args } : {};
        // A database outage is noted for the request, answered with a 503 and logged there as a warning.
        if (level === "error" && !args.some(noteIfDatabaseUnavailable)) logger.error(details, `auth: ${message}`);
        else if (level === "warn") logger.warn(details, `auth: ${message}`);
        else logger.debug(details, `auth: ${message}`);
      },
    },
    plugins: google
      ? [
          // Google through its OpenID discovery document, so the same code talks to a loopback
          // provider in tests; ID tokens are verified against the provider's published keys.
          genericOAuth({
            config: [
              {
                providerId: "google",
                name: "Google",
                discoveryUrl: `${google.issuerUrl.replace(/\/$/, "")}/.well-known/openid-configuration`,
                requireIdTokenVerification: true,
                clientId: google.clientId,
                clientSecret: google.clientSecret,
                scopes: ["openid", "email", "profile"],
                pkce: true,
                prompt: "select_account",
              },
            ],
          }),
        ]
      : [],
  });
}

export type Auth = ReturnType<typeof createAuth>;
