/**
 * The one error type for expected failures: something a person did or asked for that the app
 * refuses (bad input, a missing record, no permission, too many attempts) or a failure the app
 * owns and explains in plain words. Data functions throw it, guards and routes turn it into a
 * response with `toErrorResponse` (app/server/http/error-response.server.ts), and every error
 * boundary reads the same JSON body back. Anything that is not an AppError is a bug or an
 * outage: logged in full, shown only as a generic message.
 */

/** Each code's HTTP status; the code says why in a word a program can test. */
export const APP_ERROR_STATUS = {
  "bad-request": 400,
  unauthorized: 401,
  forbidden: 403,
  "cross-site": 403,
  "not-found": 404,
  "method-not-allowed": 405,
  conflict: 409,
  "payload-too-large": 413,
  "unsupported-media-type": 415,
  unprocessable: 422,
  "rate-limited": 429,
  internal: 500,
  "bad-gateway": 502,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** The code for a status another service answered with: its own code when there is one, else a generic one. */
export function appErrorCodeFor(status: number): AppErrorCode {
  const known = (Object.keys(APP_ERROR_STATUS) as AppErrorCode[]).find((code) => APP_ERROR_STATUS[code] === status);
  return known ?? (status >= 400 && status < 500 ? "bad-request" : "internal");
}

export class AppError extends Error {
  override readonly name = "AppError";
  readonly code: AppErrorCode;
  readonly status: number;
  /** Extra response headers the refusal needs (Retry-After, Allow). */
  readonly headers: Record<string, string>;

  /** `message` is what a person reads: a whole sentence, never an internal detail. */
  constructor(
    code: AppErrorCode,
    message: string,
    { headers = {}, cause }: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
    this.status = APP_ERROR_STATUS[code];
    this.headers = headers;
  }
}

/** The JSON body of every error response: `error` is the message a person reads. */
export type ErrorBody = { error: string; code: AppErrorCode };

export function errorBodyOf(error: AppError): ErrorBody {
  return { error: error.message, code: error.code };
}

/** Reads an error body back (from a thrown response's data, a fetcher's data or a JSON reply). */
export function asErrorBody(value: unknown): ErrorBody | null {
  if (typeof value !== "object" || value === null) return null;
  const { error, code } = value as { error?: unknown; code?: unknown };
  if (typeof error !== "string" || typeof code !== "string" || !(code in APP_ERROR_STATUS)) return null;
  return { error, code: code as AppErrorCode };
}
