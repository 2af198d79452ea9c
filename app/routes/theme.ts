import { redirect } from "react-router";
import type { Route } from "./+types/theme";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { THEME_COOKIE } from "~/lib/theme";
import { AppError } from "~/lib/app-error";
import { toErrorResponse } from "~/server/http/error-response.server";
import { readForm } from "~/server/http/read-form.server";

const THEMES = new Set(["light", "dark", "system"]);

/** Stores the visitor's theme choice; a plain form post, so it also works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = String(form.get("theme") ?? "");
  if (!THEMES.has(theme)) throw toErrorResponse(new AppError("bad-request", "Unknown theme"));
  const target = safeRedirectPath(form.get("redirectTo"));
  const cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return redirect(target, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
