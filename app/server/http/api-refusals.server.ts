import type { RequestHandler, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import { isPublicApiPath } from "../api/cached-answer.server";
import { problem, PROBLEM_CONTENT_TYPE, type Problem } from "../api/problem.server";
import { API_CORS_HEADERS } from "../api/respond.server";
import { matchIgnoringCase, routePatterns } from "./canonical-paths.server";

/**
 * Every answer under /api/v1/ is RFC 9457 problem details with the API's CORS headers (decision
 * 149), the refusals made before a route runs included: an address that names no resource (404),
 * a method the read-only API does not answer (405 with Allow), a malformed address (400), a
 * request Express itself refused, and a failure no route answered (500). The routes' own refusals
 * go through answerApi, and an outage through sendTemporarilyUnavailable.
 */

/** What the API answers: it is read-only. */
export const API_ALLOWED_METHODS = "GET, HEAD, OPTIONS";

export const UNKNOWN_API_ADDRESS =
  "No API resource has this address. The resources are listed in /api/v1/openapi.json.";
export const API_METHOD_NOT_ALLOWED = "The API is read-only: this address answers GET, HEAD and OPTIONS.";

/** Whether a request's address (as sent, before decoding) is the API's: /api/v1 or under it. */
export const isApiRequest = (originalUrl: string) =>
  isPublicApiPath(originalUrl) || /^\/api\/v1(?:\?|$)/.test(originalUrl);

/** A problem as Express's answer, never cached, readable from any origin. */
export function sendProblem(res: ExpressResponse, body: Problem, headers: Record<string, string> = {}) {
  // Written as answerApi's problems are: this Content-Type exactly, and no ETag for a refusal.
  const json = JSON.stringify(body);
  res
    .status(body.status)
    .set({
      ...API_CORS_HEADERS,
      "Cache-Control": "no-store",
      ...headers,
      "Content-Type": PROBLEM_CONTENT_TYPE,
      "Content-Length": String(Buffer.byteLength(json)),
    })
    .end(json);
}

/**
 * For addresses under /api/v1/, before React Router: 404 for one no API route matches (React
 * Router would answer its HTML page), 405 with Allow for a method other than GET and HEAD (React
 * Router would answer a route without an action 405 with `{"message":"Unexpected Server Error"}`).
 * OPTIONS is answered before this by the preflight; GET and HEAD of a known address go on.
 */
export function refuseUnknownApiRequests(getRoutes: () => Promise<ServerBuild["routes"]>): RequestHandler {
  const patternsByTable = new WeakMap<ServerBuild["routes"], string[][]>();
  return async (req, res, next) => {
    if (!isApiRequest(req.originalUrl)) return next();
    try {
      const routes = await getRoutes();
      let patterns = patternsByTable.get(routes);
      if (!patterns) {
        patterns = routePatterns(routes).filter(([first, second]) => first === "api" && second === "v1");
        patternsByTable.set(routes, patterns);
      }
      const segments = req.path.replace(/\/+$/, "").split("/").slice(1);
      // A `.data` address is React Router's data request for a page; the API has none (no slug has a dot).
      const known = !req.path.endsWith(".data") && patterns.some((pattern) => matchIgnoringCase(pattern, segments));
      if (!known) {
        return sendProblem(res, problem(404, UNKNOWN_API_ADDRESS));
      }
      if (req.method !== "GET" && req.method !== "HEAD") {
        return sendProblem(res, problem(405, API_METHOD_NOT_ALLOWED), { Allow: API_ALLOWED_METHODS });
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}
