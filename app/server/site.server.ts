import type { AppContext } from "./context.server";
import { env } from "./env.server";

/** The configured public URL, or the origin the request came to. */
export function siteUrlFor(request: Request, context: Pick<AppContext, "siteUrl">): string {
  return context.siteUrl ?? new URL(request.url).origin;
}

/** What the operator configures for the footer. */
export function footerSettings() {
  return { company: env.COMPANY_NAME, sourceCodeUrl: env.SOURCE_CODE_URL };
}
