import { AppError, errorBodyOf } from "~/lib/app-error";
import { logger } from "../logger.server";

/**
 * The one way an expected failure becomes an HTTP answer: its status, its headers and the JSON
 * body `{ error, code }` (plus any fields the route adds, such as which form it answers). Thrown
 * from a loader or action, React Router hands the body to the error boundary as `error.data`;
 * returned from an action, the page keeps rendering with it as the action's data; from a resource
 * route it goes out as is. Never cached: a refusal is about one request.
 */
export function toErrorResponse(error: AppError, extraBody: Record<string, unknown> = {}): Response {
  return Response.json(
    { ...extraBody, ...errorBodyOf(error) },
    { status: error.status, headers: { "Cache-Control": "no-store", ...error.headers } },
  );
}

/**
 * An AppError as it is; anything else is a bug or an outage: logged in full with the context
 * given, and replaced by `fallback`, whose message is all a person sees.
 */
export function expectedOrLogged(thrown: unknown, fallback: AppError, context: Record<string, unknown>): AppError {
  if (thrown instanceof AppError) return thrown;
  logger.error({ err: thrown, ...context }, fallback.message);
  return fallback;
}
