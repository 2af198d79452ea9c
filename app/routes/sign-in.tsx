import { data, redirect } from "react-router";
import type { Route } from "./+types/sign-in";
import { AuthForm } from "~/components/auth-form";
import { ACCOUNT_MESSAGES } from "~/lib/account";
import { signUpSchema } from "~/lib/account-schemas";
import { AppError } from "~/lib/app-error";
import { credentialsSchema, fieldErrors, type AuthActionData, type AuthMode } from "~/lib/auth-schemas";
import { returnPathAfterSignIn } from "~/lib/sign-in-link";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { AUTH_MESSAGES, type SignedIn, signInWithPassword, signUpWithPassword } from "~/server/auth/credentials.server";
import { answerOrRethrow, toErrorResponse } from "~/server/http/error-response.server";
import { requireSameOrigin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/read-form.server";
import { flashCookie } from "~/server/flash.server";
import { enforceRateLimit, RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

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

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const form = await readForm(request);
  const mode: AuthMode = form.get("mode") === "sign-up" ? "sign-up" : "sign-in";
  const redirectTo = returnPathAfterSignIn(form.get("redirectTo"));
  const fields = { email: form.get("email") ?? "", password: form.get("password") ?? "" };
  // Signing up may also choose a display name (issue 15); signing in reads only the spec's fields.
  const parsed =
    mode === "sign-up"
      ? signUpSchema.safeParse({ ...fields, displayName: form.get("displayName") ?? "" })
      : credentialsSchema.safeParse(fields);
  if (!parsed.success) {
    return data<AuthActionData>({ mode, redirectTo, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  }

  const rule = mode === "sign-up" ? RATE_LIMITS.signUp : RATE_LIMITS.signIn;
  const refusal = await enforceRateLimit({ db: context.db, rule, subject: context.clientIp });
  if (refusal) return toErrorResponse(refusal, { mode, redirectTo });

  let outcome: SignedIn;
  try {
    outcome =
      mode === "sign-up"
        ? await signUpWithPassword({
            auth: context.auth,
            db: context.db,
            credentials: parsed.data,
            headers: request.headers,
          })
        : await signInWithPassword({ auth: context.auth, credentials: parsed.data, headers: request.headers });
  } catch (thrown) {
    if (thrown instanceof AppError && thrown.message === ACCOUNT_MESSAGES.displayNameTaken) {
      const fieldErrors = { displayName: thrown.message };
      return data<AuthActionData>({ mode, redirectTo, fieldErrors }, { status: thrown.status });
    }
    return answerOrRethrow(thrown, { mode, redirectTo });
  }

  const headers = new Headers();
  for (const cookie of outcome.setCookies) headers.append("Set-Cookie", cookie);
  headers.append(
    "Set-Cookie",
    flashCookie({ kind: "success", title: mode === "sign-up" ? AUTH_MESSAGES.checkEmail : AUTH_MESSAGES.signedIn }),
  );
  // The dialog (JavaScript only) stays on its page: the page's data reloads and shows the toast.
  if (form.get("respond") === "in-place") return data<AuthActionData>({ mode, redirectTo, ok: true }, { headers });
  return redirect(redirectTo, { headers });
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
