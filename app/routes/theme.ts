import { data, redirect } from "react-router";
import type { Route } from "./+types/theme";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { THEME_COOKIE } from "~/lib/theme";

const THEMES = new Set(["light", "dark", "system"]);

/** Stores the visitor's theme choice; a plain form post, so it also works without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = String(form.get("theme") ?? "");
  if (!THEMES.has(theme)) throw data("Unknown theme", { status: 400 });
  const target = safeRedirectPath(form.get("redirectTo"));
  const cookie = `${THEME_COOKIE}=${theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
  return redirect(target, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
