import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { FormRefusal, LabelledInput } from "~/components/account-form-fields";
import { Button } from "~/components/ui/button";
import { z } from "zod";
import { emailSchema } from "~/lib/auth-schemas";
import { RESET_REQUESTED_MESSAGE } from "~/lib/password-reset";
import { requestPasswordReset } from "~/server/auth/password-reset.server";
import { defineAction, ok } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { personalPageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Reset your password",
    description: "Ask for a link to choose a new password for your account.",
    path: "/forgot-password",
  });
}

// A refusal's wait reaches the page's answer (actions' headers are not passed on by themselves).
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

/** "Forgot password?": asks for the address and mails a link, saying the same whether it has an account or not. */
export const action = defineAction({
  schema: z.object({ email: emailSchema }),
  fields: ["email"],
  rateLimit: ({ context }) => ({ rule: RATE_LIMITS.passwordReset, subject: context.clientIp }),
  async run({ context, input }) {
    await requestPasswordReset({ auth: context.auth, email: input.email });
    return ok({ sent: true });
  },
});

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Reset your password</h1>
      {actionData?.data?.sent ? (
        <Alert className="mt-6" role="status">
          <AlertDescription>{RESET_REQUESTED_MESSAGE}</AlertDescription>
        </Alert>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Enter the email address you signed up with, and we will send you a link to choose a new password.
          </p>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <LabelledInput
              id="reset-email"
              label="Email"
              name="email"
              type="email"
              autoComplete="email"
              error={actionData?.fieldErrors?.email}
            />
            <FormRefusal message={actionData?.formError} />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Please wait..." : "Send reset link"}
            </Button>
          </Form>
        </>
      )}
      <p className="mt-6 text-center text-sm">
        <Link
          to="/sign-in"
          rel="nofollow"
          className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
        >
          Back to sign in
        </Link>
      </p>
    </div>
  );
}
