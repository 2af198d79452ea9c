import type { AppContext } from "./context";

/** The configured public URL, or the origin the request came to. */
export function siteUrlFor(request: Request, context: Pick<AppContext, "siteUrl">): string {
  return context.siteUrl ?? new URL(request.url).origin;
}
