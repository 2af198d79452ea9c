import { errorBodyOf, type AppError } from "~/lib/app-error";

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
