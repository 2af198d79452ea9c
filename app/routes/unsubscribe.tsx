import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { FormRefusal } from "~/components/account-form-fields";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { SAVED_PATH } from "~/lib/saved-tools";
import { personalPageMeta } from "~/lib/seo";
import { AppError } from "~/lib/app-error";
import { readUnsubscribeToken, unsubscribeWithToken } from "~/server/follows/unsubscribe.server";
import { defineAction, ok, stringField } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

const LINK_INVALID = "This unsubscribe link is not valid.";

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Unsubscribe",
    description: "Stop the emails about what you follow.",
    path: "/unsubscribe",
  });
}

// The page holds a member's token: never cached anywhere.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

/**
 * Where the unsubscribe link in every follow email lands (decision 181). Opening it only shows a
 * button: mail scanners open links too. No sign-in is needed: the signed token is the proof. Mail
 * providers' one-click posts go to /unsubscribe/one-click (http/one-click-unsubscribe.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const valid = (await readUnsubscribeToken({ db: context.db, token })) !== null;
  return { token, valid };
}

export const action = defineAction({
  // A token is signed, so trying tokens gets nowhere; the limit bounds the work one address can cause.
  // The one-click address has none: mail providers post it from shared servers (decision 181).
  rateLimit: ({ context }) => ({ rule: RATE_LIMITS.signIn, subject: context.clientIp }),
  async run({ context, form }) {
    if (!(await unsubscribeWithToken({ db: context.db, token: stringField(form, "token") }))) {
      throw new AppError("bad-request", LINK_INVALID);
    }
    return ok({ unsubscribed: true });
  },
});

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { token, valid } = loaderData;
  const done = actionData?.ok === true;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Unsubscribe</h1>
      {!valid ? (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>{LINK_INVALID}</AlertTitle>
          <AlertDescription>
            Sign in and choose &ldquo;No emails&rdquo; under Following on{" "}
            <Link to={SAVED_PATH} rel="nofollow" className="underline underline-offset-4">
              your saved tools
            </Link>
            .
          </AlertDescription>
        </Alert>
      ) : done ? (
        <p role="status" className="mt-6 text-slate-700 dark:text-slate-300">
          You are unsubscribed: no more emails about what you follow. You can turn them on again under Following on{" "}
          <Link to={SAVED_PATH} rel="nofollow" className="underline underline-offset-4">
            your saved tools
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Stop the digests and instant emails about the tools, categories and tags you follow? You keep following them
            on the site.
          </p>
          <FormRefusal message={actionData?.ok === false ? actionData.formError : undefined} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Please wait..." : "Unsubscribe"}
          </Button>
        </Form>
      )}
    </div>
  );
}
