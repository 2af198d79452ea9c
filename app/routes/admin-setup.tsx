import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-setup";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { credentialsSchema } from "~/lib/auth-schemas";
import { isAdminSetupTokenValid, redeemAdminSetup } from "~/server/auth/admin-setup.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction, stringField } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { personalPageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Set up the first administrator",
    description: "Make the first account of this site its administrator.",
    path: "/setup/admin",
  });
}

// The page holds a secret token and its answer changes once used: never cached anywhere. A refusal's
// wait reaches the page's answer (actions' headers are not passed on by themselves).
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, valid: await isAdminSetupTokenValid({ db: context.db, token }) };
}

export const action = defineAction({
  schema: credentialsSchema,
  fields: ["email", "password"],
  rateLimit: ({ context }) => ({ rule: RATE_LIMITS.adminSetup, subject: context.clientIp }),
  async run({ request, context, form, input }) {
    const outcome = await redeemAdminSetup({
      db: context.db,
      auth: context.auth,
      token: stringField(form, "token"),
      credentials: input,
      headers: request.headers,
    });
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    headers.append(
      "Set-Cookie",
      flashCookie({ kind: "success", title: "Successfully signed in!", description: "You are the administrator." }),
    );
    return redirect("/", { headers });
  },
});

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Set up the first administrator</h1>
      {!loaderData.valid ? (
        <Alert variant="destructive" className="mt-6">
          <AlertDescription>This setup link is invalid, expired or already used.</AlertDescription>
        </Alert>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Create the administrator account, or enter the email and password of an existing account to make it the
            administrator. This link works once.
          </p>
          <Form method="post" className="mt-6 space-y-4" noValidate>
            <input type="hidden" name="token" value={loaderData.token} />
            <div className="space-y-1.5">
              <label htmlFor="setup-email" className="block text-sm font-medium">
                Email
              </label>
              <Input
                id="setup-email"
                name="email"
                type="email"
                autoComplete="email"
                required
                aria-invalid={errors.email ? true : undefined}
              />
              {errors.email && <p className="text-sm text-red-700 dark:text-red-400">{errors.email}</p>}
            </div>
            <div className="space-y-1.5">
              <label htmlFor="setup-password" className="block text-sm font-medium">
                Password
              </label>
              <Input
                id="setup-password"
                name="password"
                type="password"
                autoComplete="new-password"
                required
                minLength={6}
                aria-invalid={errors.password ? true : undefined}
              />
              {errors.password && <p className="text-sm text-red-700 dark:text-red-400">{errors.password}</p>}
            </div>
            {actionData?.formError && (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                {actionData.formError}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Creating..." : "Create administrator"}
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}
