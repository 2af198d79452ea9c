import { redirect } from "react-router";
import type { Route } from "./+types/auth-signed-in";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { AUTH_MESSAGES } from "~/server/auth/credentials.server";
import { flashCookie, type Flash } from "~/server/flash.server";

/**
 * Where Better Auth sends the browser after a confirmation link or a Google sign-in: it turns
 * the outcome (an ?error= code, or a fresh session) into a toast and moves on to the page.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeRedirectPath(url.searchParams.get("next"));
  const error = url.searchParams.get("error");
  const viaGoogle = url.searchParams.get("provider") === "google";
  let flash: Flash;
  if (error && viaGoogle) flash = { kind: "error", title: AUTH_MESSAGES.googleFailed };
  else if (
    error === "TOKEN_EXPIRED" ||
    error === "INVALID_TOKEN" ||
    error === "token_expired" ||
    error === "invalid_token"
  )
    flash = {
      kind: "error",
      title: "This confirmation link is no longer valid",
      description: "Sign in to get a new one.",
    };
  else if (error) flash = { kind: "error", title: "Sign in failed", description: "Please try again." };
  else if (context.viewer) flash = { kind: "success", title: AUTH_MESSAGES.signedIn };
  // A confirmation link opened a second time confirms nothing new and signs nobody in.
  else flash = { kind: "success", title: "Your email is confirmed", description: "Sign in to continue." };
  return redirect(next, { headers: { "Set-Cookie": flashCookie(flash) } });
}
