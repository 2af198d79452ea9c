import { redirect } from "react-router";
import { AUTH_MESSAGES } from "~/server/auth/credentials.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction } from "~/server/http/action-pipeline.server";

/** Ends the session in the database, clears its cookie and returns to the home page. */
export const action = defineAction({
  // The sign-out button's form carries no fields; any form body is read and ignored.
  read: async () => new FormData(),
  async run({ request, context, viewer }) {
    const headers = new Headers();
    if (viewer) {
      const response = await context.auth.api.signOut({ headers: request.headers, asResponse: true });
      for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
    }
    headers.append("Set-Cookie", flashCookie({ kind: "success", title: AUTH_MESSAGES.signedOut }));
    return redirect("/", { headers });
  },
});

export function loader() {
  return redirect("/");
}
