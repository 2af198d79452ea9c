import type express from "express";
import type { ServerBuild } from "react-router";
import { isRouteErrorResponse } from "react-router";
import { AppError, errorBodyOf } from "~/lib/app-error";
import { readTheme } from "~/lib/theme";
import { noteIfDatabaseUnavailable, requestDatabaseFailure } from "../db/database-unavailable.server";
import { siteBranding } from "../branding.server";
import { logger } from "../logger.server";
import { escapeXml } from "../seo/xml.server";
import { problem } from "../api/problem.server";
import { isApiRequest, sendProblem } from "./api-refusals.server";

/**
 * While PostgreSQL is away (refusing, silent, restarting), requests that need it answer 503
 * "temporarily unavailable" with Retry-After instead of a 500: the visitor and the load balancer
 * learn it is passing, and nothing is cached. See docs/decisions/011-database-outage.md.
 */

/** Seconds a client is asked to wait before trying again. */
export const RETRY_AFTER_SECONDS = 30;

type HandleError = NonNullable<ServerBuild["entry"]["module"]["handleError"]>;

/**
 * Wraps the build's handleError so that a loader or action failing for want of a database is
 * noted for the request (and logged as one line) instead of printed as a crash.
 */
export function watchForDatabaseOutage(build: ServerBuild): ServerBuild {
  const reportError: HandleError =
    build.entry.module.handleError ??
    ((error, { request }) => {
      // React Router's own default: print the error, unless the client went away.
      const wrapped = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
      if (!request.signal.aborted) console.error(wrapped ?? error);
    });
  const handleError: HandleError = (error, details) => {
    if (!noteIfDatabaseUnavailable(error)) reportError(error, details);
  };
  return { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError } } };
}

/** Data requests (React Router's .data, the API, fetch asking for JSON) get JSON; pages get HTML. */
function wantsJson(req: express.Request): boolean {
  return req.path.endsWith(".data") || req.path.startsWith("/api/") || req.accepts(["html", "json"]) === "json";
}

const MESSAGE = "The site is temporarily unavailable. Please try again in a minute.";

/** The 503 answer while the database is away: never cached, with Retry-After. */
export function sendTemporarilyUnavailable(req: express.Request, res: express.Response, error?: unknown) {
  logger.warn({ err: error ?? requestDatabaseFailure(), url: req.originalUrl }, "database unavailable: answered 503");
  if (res.headersSent) return void res.end();
  res.status(503).set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
  // The public API speaks problem details (RFC 9457) in every answer, this one included.
  if (isApiRequest(req.originalUrl)) return sendProblem(res, problem(503, MESSAGE));
  if (wantsJson(req)) return void res.json(errorBodyOf(new AppError("unavailable", MESSAGE)));
  const theme = readTheme(req.get("cookie") ?? null);
  res.type("html").send(unavailablePage(theme === "system" ? "light dark" : theme));
}

function unavailablePage(colorScheme: string): string {
  return `<!doctype html>
<html lang="en" style="color-scheme: ${colorScheme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable · ${escapeXml(siteBranding.name)}</title>
<style>
body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif;
  background: light-dark(#fff, #020617); color: light-dark(#0f172a, #f1f5f9); }
main { max-width: 32rem; padding: 2rem 1.5rem; }
h1 { font-size: 1.5rem; margin: 0 0 0.75rem; }
p { line-height: 1.6; color: light-dark(#475569, #94a3b8); }
a { color: light-dark(#4f46e5, #818cf8); }
</style>
</head>
<body>
<main>
<h1>Temporarily unavailable</h1>
<p>${MESSAGE}</p>
<p><a href="">Try again</a></p>
</main>
</body>
</html>
`;
}
