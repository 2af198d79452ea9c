import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/sign-in";
import { AuthForm } from "~/components/auth-form";
import { ACCOUNT_MESSAGES } from "~/lib/account";
import { signUpSchema } from "~/lib/account-schemas";
import { AppError } from "~/lib/app-error";
import { credentialsSchema, type AuthMode } from "~/lib/auth-schemas";
import { returnPathAfterSignIn } from "~/lib/sign-in-link";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { AUTH_MESSAGES, type SignedIn, signInWithPassword, signUpWithPassword } from "~/server/auth/credentials.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction, InvalidFields, textFields } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

export function meta({ matches }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  return seoMeta({
    siteName,
    title: `Sign in | ${siteName}`,
    description: `Sign in to ${siteName} to rate AI tools and join the discussion.`,
    path: "/sign-in",
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
}

/** A refused sign-in's wait reaches the page's own answer (actions' headers are not passed on by themselves). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

/** The dialog's full-page twin: where "Sign In" leads without JavaScript. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = returnPathAfterSignIn(url.searchParams.get("redirectTo"));
  if (context.viewer) throw redirect(redirectTo);
  return {
    mode: (url.searchParams.get("mode") === "sign-up" ? "sign-up" : "sign-in") as AuthMode,
    redirectTo,
    googleSignIn: context.googleSignIn,
  };
}

const modeOf = (form: FormData): AuthMode => (form.get("mode") === "sign-up" ? "sign-up" : "sign-in");

export const action = defineAction({
  // Signing up may also choose a display name (issue 15); signing in reads only the spec's fields.
  schema: z.discriminatedUnion("mode", [
    credentialsSchema.extend({ mode: z.literal("sign-in") }),
    signUpSchema.extend({ mode: z.literal("sign-up") }),
  ]),
  fields: (form) => ({ ...textFields(form, ["email", "password", "displayName"]), mode: modeOf(form) }),
  // Every answer names its mode, so the page shows it on the form that was posted.
  formId: modeOf,
  // Kept so a page re-rendered after a refusal (no JavaScript) still returns there on success.
  echo: (form) => ({ redirectTo: returnPathAfterSignIn(form.get("redirectTo")) }),
  rateLimit: ({ context, form }) => ({
    rule: modeOf(form) === "sign-up" ? RATE_LIMITS.signUp : RATE_LIMITS.signIn,
    subject: context.clientIp,
  }),
  async run({ request, context, form, input }) {
    let outcome: SignedIn;
    try {
      outcome =
        input.mode === "sign-up"
          ? await signUpWithPassword({
              auth: context.auth,
              db: context.db,
              credentials: input,
              headers: request.headers,
            })
          : await signInWithPassword({ auth: context.auth, credentials: input, headers: request.headers });
    } catch (thrown) {
      if (thrown instanceof AppError && thrown.message === ACCOUNT_MESSAGES.displayNameTaken) {
        throw new InvalidFields({ displayName: thrown.message }, { code: thrown.code });
      }
      throw thrown;
    }
    const headers = new Headers();
    for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
    headers.append(
      "Set-Cookie",
      flashCookie({
        kind: "success",
        title: input.mode === "sign-up" ? AUTH_MESSAGES.checkEmail : AUTH_MESSAGES.signedIn,
      }),
    );
    // The dialog (JavaScript only) stays on its page: the page's data reloads and shows the toast.
    if (form.get("respond") === "in-place") return data({ ok: true, form: input.mode }, { headers });
    return redirect(returnPathAfterSignIn(form.get("redirectTo")), { headers });
  },
});

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <AuthForm
          initialMode={(actionData?.form as AuthMode | undefined) ?? loaderData.mode}
          redirectTo={(actionData?.values?.redirectTo as string | undefined) ?? loaderData.redirectTo}
          googleSignIn={loaderData.googleSignIn}
          pageResult={actionData}
        />
      </div>
    </div>
  );
}
