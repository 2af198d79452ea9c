import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { AUTH_MESSAGES } from "~/server/auth/credentials.server";
import { requireSameOrigin } from "~/server/auth/guards.server";
import { flashCookie } from "~/server/flash.server";

/** Ends the session in the database, clears its cookie and returns to the home page. */
export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const headers = new Headers();
  if (context.viewer) {
    const response = await context.auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  headers.append("Set-Cookie", flashCookie({ kind: "success", title: AUTH_MESSAGES.signedOut }));
  return redirect("/", { headers });
}

export function loader() {
  return redirect("/");
}
