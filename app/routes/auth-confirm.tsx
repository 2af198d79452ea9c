import { Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/auth-confirm";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { LinkPasswordForm } from "~/components/account-form-fields";
import { passwordSchema } from "~/lib/auth-schemas";
import { confirmationLinkState, confirmEmailWithPassword } from "~/server/auth/confirm-email.server";
import { AUTH_MESSAGES } from "~/server/auth/credentials.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { personalPageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Confirm your email",
    description: "Confirm your email address to finish signing up.",
    path: "/auth/confirm",
  });
}

// The page holds a secret token and its answer changes once used: never cached anywhere. A refusal's
// wait reaches the page's answer (actions' headers are not passed on by themselves).
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

/** Where the confirmation email's link lands: the address is confirmed with a password chosen here. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, state: await confirmationLinkState({ auth: context.auth, db: context.db, token }) };
}

export const action = defineAction({
  schema: z.object({ token: z.string(), password: passwordSchema }),
  fields: ["token", "password"],
  // Each attempt hashes a password: as costly as a sign-in, and limited like one.
  rateLimit: ({ context }) => ({ rule: RATE_LIMITS.signIn, subject: context.clientIp }),
  async run({ request, context, input }) {
    // A link that no longer works is refused (an AppError): the page reloads and says why.
    const outcome = await confirmEmailWithPassword({
      auth: context.auth,
      db: context.db,
      token: input.token,
      password: input.password,
      headers: request.headers,
    });
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    headers.append("Set-Cookie", flashCookie({ kind: "success", title: AUTH_MESSAGES.signedIn }));
    return redirect("/", { headers });
  },
});

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Confirm your email</h1>
      {loaderData.state === "invalid-link" && (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>This confirmation link is no longer valid</AlertTitle>
          <AlertDescription>
            <Link to="/sign-in" rel="nofollow" className="underline underline-offset-4">
              Sign in
            </Link>{" "}
            to get a new one.
          </AlertDescription>
        </Alert>
      )}
      {loaderData.state === "already-confirmed" && (
        <Alert className="mt-6">
          <AlertTitle>Your email is confirmed</AlertTitle>
          <AlertDescription>
            <Link to="/sign-in" rel="nofollow" className="underline underline-offset-4">
              Sign in
            </Link>{" "}
            to continue.
          </AlertDescription>
        </Alert>
      )}
      {loaderData.state === "valid" && (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Enter the password you will sign in with: the one you chose when signing up, or a new one. Any other
            password this account had stops working, and any other device signed in to it is signed out.
          </p>
          <LinkPasswordForm
            token={loaderData.token}
            id="confirm-password"
            label="Password"
            submitLabel="Confirm and sign in"
            result={actionData}
          />
        </>
      )}
    </div>
  );
}
