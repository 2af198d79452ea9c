import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account-confirm";
import { FormRefusal } from "~/components/account-form-fields";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { ACCOUNT_MESSAGES, ACCOUNT_PATH } from "~/lib/account";
import { flashCookie } from "~/server/flash.server";
import { defineAction, stringField } from "~/server/http/action-pipeline.server";
import { confirmAccountLink } from "~/server/members/account.server";
import { findAccountLink } from "~/server/members/account-links.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { SITE_TAG } from "~/server/cache/page-tags.server";
import { personalPageMeta } from "~/lib/seo";

export function meta({ matches }: Route.MetaArgs) {
  return personalPageMeta(matches, {
    title: "Confirm",
    description: "Confirm a change to your account.",
    path: "/account/confirm",
  });
}

// The page holds a secret token and its answer changes once used: never cached anywhere.
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return { "Cache-Control": "no-store", ...(retryAfter ? { "Retry-After": retryAfter } : {}) };
}

/**
 * Where /account's emailed links land (decision 075). Opening the link only shows what it will do:
 * mail scanners open links too, so the change waits for the button's post. Signing in is not
 * needed: the link in the mailbox is the proof.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findAccountLink({ db: context.db, token });
  return {
    token,
    kind: link?.kind ?? null,
    newEmail: link?.kind === "change-email" ? link.newEmail : null,
    deleteComments: link?.kind === "delete-account" ? link.deleteComments : false,
  };
}

export const action = defineAction({
  // Tokens are unguessable; the limit keeps anyone from trying.
  rateLimit: ({ context }) => ({ rule: RATE_LIMITS.signIn, subject: context.clientIp }),
  async run({ request, context, viewer, form, purge }) {
    const link = await confirmAccountLink({
      db: context.db,
      mailer: context.mailer,
      token: stringField(form, "token"),
    });
    const headers = new Headers();
    if (link.kind === "change-email") {
      headers.append("Set-Cookie", flashCookie({ kind: "success", title: ACCOUNT_MESSAGES.emailChanged }));
      return redirect(viewer?.id === link.userId ? ACCOUNT_PATH : "/sign-in", { headers });
    }
    // The member's sessions went with the account; this browser's cookies are cleared too.
    if (viewer?.id === link.userId) {
      const signedOut = await context.auth.api.signOut({ headers: request.headers, asResponse: true });
      for (const cookie of signedOut.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    }
    // Their comments and votes are gone from pages across the site: rare, so everything (decision 096).
    purge([SITE_TAG]);
    headers.append("Set-Cookie", flashCookie({ kind: "success", title: ACCOUNT_MESSAGES.accountDeleted }));
    return redirect("/", { headers });
  },
});

export default function AccountConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { token, kind, newEmail, deleteComments } = loaderData;
  // A refusal is an error response, whose JSON body React Router hands over as the action data.
  const refusal = actionData?.formError;
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
        {kind === "delete-account" ? "Delete your account" : "Confirm your new email address"}
      </h1>
      {kind === null ? (
        <Alert variant="destructive" className="mt-6">
          <AlertTitle>{ACCOUNT_MESSAGES.linkInvalid}</AlertTitle>
          <AlertDescription>
            A link works once, for a limited time.{" "}
            <Link to={ACCOUNT_PATH} rel="nofollow" className="underline underline-offset-4">
              Go to your account
            </Link>{" "}
            to ask for a new one.
          </AlertDescription>
        </Alert>
      ) : (
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="token" value={token} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {kind === "change-email"
              ? `Your account's email address becomes ${newEmail}. You sign in with it from now on.`
              : `Your account, its profile, saved tools and ratings are deleted${
                  deleteComments ? ", with your comments" : "; your comments stay, shown as “Anonymous”"
                }. This cannot be undone.`}
          </p>
          <FormRefusal message={refusal} />
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Please wait..." : kind === "change-email" ? "Confirm new address" : "Delete my account"}
          </Button>
        </Form>
      )}
    </div>
  );
}
