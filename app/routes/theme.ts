import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { THEME_COOKIE } from "~/lib/theme";
import { defineAction } from "~/server/http/action-pipeline.server";

const themeSchema = z.object({ theme: z.enum(["light", "dark", "system"], "Unknown theme") });

/** Stores the visitor's theme choice; a plain form post, so it also works without JavaScript. */
export const action = defineAction({
  schema: themeSchema,
  fields: ["theme"],
  async run({ form, input }) {
    const target = safeRedirectPath(form.get("redirectTo"));
    const cookie = `${THEME_COOKIE}=${input.theme}; Path=/; Max-Age=31536000; SameSite=Lax`;
    return redirect(target, { headers: { "Set-Cookie": cookie } });
  },
});

export function loader() {
  return redirect("/");
}
