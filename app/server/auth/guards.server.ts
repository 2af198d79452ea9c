import { data } from "react-router";
import type { AppContext } from "../context";

/**
 * Refuses a state-changing request that a browser sent from another site. Browsers send Origin on
 * every cross-origin POST (and on same-origin ones); Referer is the fallback for old ones. A
 * request with neither carries no browser's cookies on our behalf, but we refuse it too: every
 * legitimate form here comes from our own pages.
 */
export function requireSameOrigin(request: Request, context: Pick<AppContext, "siteUrl">) {
  const expected = new Set([new URL(request.url).origin]);
  if (context.siteUrl) expected.add(new URL(context.siteUrl).origin);
  const origin = request.headers.get("origin");
  const referer = request.headers.get("referer");
  let claimed: string | null = origin && origin !== "null" ? origin : null;
  if (!claimed && referer) {
    try {
      claimed = new URL(referer).origin;
    } catch {
      claimed = null;
    }
  }
  if (!claimed || !expected.has(claimed)) {
    throw data({ error: "This request did not come from this site." }, { status: 403 });
  }
}
