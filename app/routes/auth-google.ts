import { redirect } from "react-router";
import { AppError } from "~/lib/app-error";
import { toErrorResponse } from "~/server/http/error-response.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { AUTH_LANDING_PATH } from "~/server/auth/auth.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { logger } from "~/server/logger.server";
import { flashCookie } from "~/server/flash.server";
import { AUTH_MESSAGES } from "~/server/auth/credentials.server";

/** "Continue with Google": a form post, so it works without JavaScript; the reply sends the browser to Google. */
export const action = defineAction({
  async run({ request, context, form }) {
    if (!context.googleSignIn) throw toErrorResponse(new AppError("not-found", "Google sign-in is not configured"));
    const next = safeRedirectPath(form.get("redirectTo"));
    const landing = `${AUTH_LANDING_PATH}?next=${encodeURIComponent(next)}`;
    const response = await context.auth.api.signInSocial({
      body: { provider: "google", callbackURL: landing, errorCallbackURL: `${landing}&provider=google` },
      headers: request.headers,
      asResponse: true,
    });
    const body = (await response.json().catch(() => ({}))) as { url?: string };
    if (!response.ok || !body.url) {
      logger.error({ status: response.status }, "could not start Google sign-in");
      return redirect(next, {
        headers: { "Set-Cookie": flashCookie({ kind: "error", title: AUTH_MESSAGES.googleFailed }) },
      });
    }
    const headers = new Headers();
    // The state cookie ties Google's answer to this browser.
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    return redirect(body.url, { headers });
  },
});

export function loader() {
  return redirect("/");
}
