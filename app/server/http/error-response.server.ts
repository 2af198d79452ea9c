import { errorBodyOf, type AppError } from "~/lib/app-error";
import { isDatabaseUnavailable } from "../db/database-unavailable.server";
import { logger } from "../logger.server";

/**
 * An expected failure thrown to the error boundary: its status, its headers and the JSON body
 * `{ error, code }`. Thrown from a loader (a page or record that is not there), a guard, or a
 * resource route, React Router hands the body to the error boundary as `error.data`. An action's
 * own refusals are not this shape: the pipeline answers them as an ActionResult (decision 116).
 * Never cached: a refusal is about one request.
 */
export function toErrorResponse(error: AppError): Response {
  return Response.json(errorBodyOf(error), {
    status: error.status,
    headers: { "Cache-Control": "no-store", ...error.headers },
  });
}

/**
 * A page's read failed. An outage (the database away, database-unavailable.server.ts) is thrown
 * on to the site's 503 "temporarily unavailable" answer; any other failure (a table the database
 * refuses, a broken query) is logged with what the page was reading, for the page to answer 503 with the spec's words for it. Never swallowed: the log line carries the error.
 */
export function logPageReadFailure(error: unknown, page: { route: string } & Record<string, unknown>): void {
  if (isDatabaseUnavailable(error)) throw error;
  logger.error({ err: error, ...page }, "page read failed");
}
