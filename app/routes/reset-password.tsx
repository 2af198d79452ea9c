import { Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reset-password";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { LinkPasswordForm } from "~/components/account-form-fields";
import { passwordSchema } from "~/lib/auth-schemas";
import { FORGOT_PASSWORD_PATH, PASSWORD_CHANGED_MESSAGE } from "~/lib/password-reset";
import { isResetLinkValid, resetPassword } from "~/server/auth/password-reset.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { personalPageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Choose a new password",
    description: "Choose a new password for your account.",
    path: "/reset-password",
  });
}

// The page holds a secret token and its answer changes once used: never cached anywhere.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

/** Where the reset email's link lands: a new password, once, within the hour. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isResetLinkValid({ db: context.db, token }) };
}

export const action = defineAction({
  schema: z.object({ token: z.string(), password: passwordSchema }),
  fields: ["token", "password"],
  // Each attempt hashes a password: as costly as a sign-in, and limited like one.
  rateLimit: ({ context }) => ({ rule: RATE_LIMITS.signIn, subject: context.clientIp }),
  async run({ context, input }) {
    await resetPassword({ auth: context.auth, token: input.token, password: input.password });
    // Every session of the account ended with the old password, this browser's too.
    return redirect("/sign-in", {
      headers: { "Set-Cookie": flashCookie({ kind: "success", title: PASSWORD_CHANGED_MESSAGE }) },
    });
  },
});

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Choose a new password</h1>
      {!loaderData.valid ? (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>This reset link is no longer valid</AlertTitle>
          <AlertDescription>
            A link works for one hour, once.{" "}
            <Link to={FORGOT_PASSWORD_PATH} rel="nofollow" className="underline underline-offset-4">
              Ask for a new one
            </Link>
            .
          </AlertDescription>
        </Alert>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Every device signed in to your account is signed out; sign in again with the new password.
          </p>
          <LinkPasswordForm
            token={loaderData.token}
            id="new-password"
            label="New password"
            submitLabel="Set new password"
            result={actionData}
          />
        </>
      )}
    </div>
  );
}
