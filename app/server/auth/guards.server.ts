import { redirect } from "react-router";
import { AppError } from "~/lib/app-error";
import { signInHref } from "~/lib/sign-in-link";
import type { AppContext } from "../context.server";
import { toErrorResponse } from "../http/error-response.server";
import type { Viewer } from "./viewer.server";

/**
 * Set by the HTTP layer on requests for React Router's ".data" endpoints (client navigations and
 * fetchers), whose suffix the router strips before loaders see the URL. Guards answer those with
 * a status instead of a page redirect. A copy sent by the client is dropped.
 */
export const DATA_REQUEST_HEADER = "x-aitlas-data-request";

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
    throw toErrorResponse(new AppError("cross-site", CROSS_SITE_MESSAGE));
  }
}

export const CROSS_SITE_MESSAGE = "This request did not come from this site.";

export const ADMIN_REQUIRED_MESSAGE = "Administrator access required";

/** A browser asking for a whole page (not a client navigation's data, a fetcher or a form post). */
export function isDocumentRequest(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && !request.headers.has(DATA_REQUEST_HEADER);
}

/**
 * The signed-in administrator, or a refusal: a page request is sent to / (spec section 2), any
 * other request (an action, a ".data" request, an upload) gets 403. Every admin loader and action
 * calls this itself; the layout's call protects nothing but the layout.
 */
export function requireAdmin(request: Request, context: Pick<AppContext, "viewer">): Viewer {
  const { viewer } = context;
  if (viewer?.isAdmin) return viewer;
  if (isDocumentRequest(request)) throw redirect("/");
  throw toErrorResponse(new AppError("forbidden", ADMIN_REQUIRED_MESSAGE));
}

export const SIGN_IN_REQUIRED_MESSAGE = "Please sign in to continue.";

/**
 * The signed-in member, or a refusal: a page request is sent to sign in and back, any other
 * request (an action, a ".data" request) gets 401. Every member loader and action calls this.
 */
export function requireUser(request: Request, context: Pick<AppContext, "viewer">): Viewer {
  const { viewer } = context;
  if (viewer) return viewer;
  if (isDocumentRequest(request)) {
    const url = new URL(request.url);
    throw redirect(signInHref({ pathname: url.pathname, search: url.search }));
  }
  throw toErrorResponse(new AppError("unauthorized", SIGN_IN_REQUIRED_MESSAGE));
}
