import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { AuthForm } from "~/components/auth-form";
import { credentialsSchema, fieldErrors, type AuthMode } from "~/lib/auth-schemas";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { AUTH_MESSAGES, signInWithPassword, signUpWithPassword } from "~/server/auth/credentials.server";
import { requireSameOrigin } from "~/server/auth/guards.server";
import { flashCookie } from "~/server/flash.server";
import { enforceRateLimit, RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

export type AuthActionData = {
  mode: AuthMode;
  /** Kept so a page re-rendered after a refusal (no JavaScript) still returns there on success. */
  redirectTo: string;
  /** True when the dialog asked for an answer in place of a redirect and everything worked. */
  ok?: boolean;
  error?: string;
  fieldErrors?: Record<string, string>;
};

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({
    title: `Sign in | ${SITE_NAME}`,
    description: `Sign in to ${SITE_NAME} to rate AI tools and join the discussion.`,
    path: "/sign-in",
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
}

/** The dialog's full-page twin: where "Sign In" leads without JavaScript. */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (context.viewer) throw redirect(redirectTo);
  return {
    mode: (url.searchParams.get("mode") === "sign-up" ? "sign-up" : "sign-in") as AuthMode,
    redirectTo,
    googleSignIn: context.googleSignIn,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const form = await request.formData();
  const mode: AuthMode = form.get("mode") === "sign-up" ? "sign-up" : "sign-in";
  const redirectTo = safeRedirectPath(form.get("redirectTo"));
  const parsed = credentialsSchema.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
  if (!parsed.success) {
    return data<AuthActionData>({ mode, redirectTo, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  }

  const rule = mode === "sign-up" ? RATE_LIMITS.signUp : RATE_LIMITS.signIn;
  const refusal = await enforceRateLimit({ db: context.db, rule, subject: context.clientIp });
  if (refusal) {
    return data<AuthActionData>({ mode, redirectTo, error: refusal.message }, { status: 429, headers: { "Retry-After": String(refusal.retryAfterSeconds) } });
  }

  const outcome =
    mode === "sign-up"
      ? await signUpWithPassword({ auth: context.auth, db: context.db, credentials: parsed.data, headers: request.headers })
      : await signInWithPassword({ auth: context.auth, credentials: parsed.data, headers: request.headers });
  if (!outcome.ok) return data<AuthActionData>({ mode, redirectTo, error: outcome.message }, { status: outcome.status });

  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    flashCookie({ kind: "success", title: mode === "sign-up" ? AUTH_MESSAGES.checkEmail : AUTH_MESSAGES.signedIn }),
  );
  // The dialog (JavaScript only) stays on its page: the page's data reloads and shows the toast.
  if (form.get("respond") === "in-place") return data<AuthActionData>({ mode, redirectTo, ok: true }, { headers });
  // The sign-in page itself is no place to land once signed in.
  return redirect(redirectTo.startsWith("/sign-in") ? "/" : redirectTo, { headers });
}

export default function SignInPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <AuthForm
          initialMode={actionData?.mode ?? loaderData.mode}
          redirectTo={actionData?.redirectTo ?? loaderData.redirectTo}
          googleSignIn={loaderData.googleSignIn}
          pageResult={actionData}
        />
      </div>
    </div>
  );
}
