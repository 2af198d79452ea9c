import type { RequestHandler } from "express";
import { problem } from "../api/problem.server";
import { CROSS_SITE_MESSAGE } from "../auth/guards.server";
import { logger } from "../logger.server";
import { sendProblem } from "./api-refusals.server";

/**
 * Cross-site posts are refused with 403 and a sentence, never React Router's bare 400 (decision
 * 149). Every action runs the action pipeline's same-origin check (requireSameOrigin: Origin, else
 * Referer, against the request's and the public origin), which throws a 403 with that sentence to
 * the page's error view. React Router checks Origin itself before an action and answers a mismatch
 * with a bare "Bad Request"; the pipeline gives it an allowed-origin pattern that admits any host
 * (`SAME_ORIGIN_CHECKED_BY_ACTIONS`), so a document's cross-site post reaches the action's own
 * check. What is not a document is refused here, before React Router: problem details under /api/
 * and a plain sentence for a `.data` request (a fetcher or a client navigation, which a page of
 * ours sends only to its own origin).
 */

/** React Router's `allowedActionOrigins` for "every host": its `**` pattern matches any host name. */
export const SAME_ORIGIN_CHECKED_BY_ACTIONS = ["**"];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Where an Origin header says a post comes from: this site (the request's own origin or the public
 * one), another site ("null" included), or nowhere readable (not an origin at all).
 */
export function originKind(origin: string, ownOrigins: readonly (string | null | undefined)[]) {
  if (origin === "null") return "cross-site";
  let claimed: string;
  try {
    claimed = new URL(origin).origin;
  } catch {
    return "unreadable";
  }
  return ownOrigins.some((own) => own && claimed === own) ? "same-site" : "cross-site";
}

export function refuseCrossSitePosts({ siteUrl }: { siteUrl: string | null }): RequestHandler {
  const publicOrigin = siteUrl ? new URL(siteUrl).origin : null;
  return (req, res, next) => {
    const origin = req.get("origin");
    if (SAFE_METHODS.has(req.method) || origin === undefined) return next();
    const kind = originKind(origin, [`${req.protocol}://${req.host}`, res.locals.origin as string, publicOrigin]);
    // A document goes on to its action's own check and the error view; React Router would refuse
    // an Origin that is no URL with its bare 400 before the action, so that one is answered here.
    const isDocument = !req.path.startsWith("/api/") && !req.path.endsWith(".data");
    if (kind === "same-site" || (kind === "cross-site" && isDocument)) return next();
    logger.warn({ method: req.method, url: req.originalUrl, origin }, "refused a cross-site post");
    if (req.path.startsWith("/api/")) return sendProblem(res, problem(403, CROSS_SITE_MESSAGE));
    res.status(403).set("Cache-Control", "no-store").type("text/plain").send(CROSS_SITE_MESSAGE);
  };
}
