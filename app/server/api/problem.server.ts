import type { z } from "zod";
import { AppError } from "~/lib/app-error";
import type { problemSchema } from "~/lib/api/schemas";

export type Problem = z.infer<typeof problemSchema>;

/** The reason phrases a problem's title repeats: RFC 9457 allows "about:blank" with the status's own. */
const TITLES: Record<number, string> = {
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  421: "Misdirected Request",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** An RFC 9457 problem: `detail` is the sentence a person reads, never an internal detail. */
export function problem(status: number, detail?: string, extra: Pick<Problem, "errors"> = {}): Problem {
  return { type: "about:blank", title: TITLES[status] ?? "Error", status, ...(detail ? { detail } : {}), ...extra };
}

/** The app's own error shape (AppError, decision 013) as problem details, for the API. */
export function problemOf(error: AppError): Problem {
  return problem(error.status, error.message);
}

/** A problem as a response: never cached, since it is about one request. */
export function problemResponse(body: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { "Content-Type": PROBLEM_CONTENT_TYPE, "Cache-Control": "no-store", ...headers },
  });
}

/** A refusal thrown where the API expects one: bad input (400) or a missing resource (404). */
export const notFound = (what: string) => new AppError("not-found", `No ${what} has this slug.`);
