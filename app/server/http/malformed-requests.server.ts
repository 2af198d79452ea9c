import { STATUS_CODES } from "node:http";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { problem } from "../api/problem.server";
import { logger } from "../logger.server";
import { isApiRequest, sendProblem } from "./api-refusals.server";

/**
 * Why an address cannot name anything here, or null when it may: a broken percent-encoding in the
 * path, an encoded ".." segment, or a NUL character anywhere (PostgreSQL text cannot hold one, so
 * it would otherwise reach the database as an error).
 */
export function malformedAddressReason(url: string): string | null {
  const queryStart = url.indexOf("?");
  const rawPath = queryStart === -1 ? url : url.slice(0, queryStart);
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return "broken percent-encoding in the path";
  }
  if (path.includes("\u0000")) return "NUL character in the path";
  if (path.split(/[/\\]/).includes("..")) return "parent-directory segment in the path";
  if (queryStart !== -1) {
    // Read the way the routes read it: URLSearchParams tolerates a stray "%", so only NUL is refused.
    for (const [name, value] of new URLSearchParams(url.slice(queryStart + 1))) {
      if (name.includes("\u0000") || value.includes("\u0000")) return "NUL character in the query";
    }
  }
  return null;
}

/** A short refusal: plain text, or problem details under /api/v1/ (decision 149). */
function refuse(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  status: number,
  message: string,
) {
  if (isApiRequest(req.originalUrl)) return sendProblem(res, problem(status, message));
  res.status(status).set("Cache-Control", "no-store").type("text/plain").send(message);
}

/** A malformed address is the sender's mistake: a short 400, logged as a warning, before any route runs. */
export const rejectMalformedAddresses: RequestHandler = (req, res, next) => {
  const reason = malformedAddressReason(req.originalUrl);
  if (!reason) return next();
  logger.warn({ method: req.method, url: req.originalUrl, reason }, "refused a malformed address");
  refuse(
    req,
    res,
    400,
    isApiRequest(req.originalUrl) ? "This address is not valid." : "Bad Request: this address is not valid.",
  );
};

/**
 * Errors that Express's own middleware raise for a bad request (serve-static refusing a path, a
 * body that cannot be read) carry a 4xx status: answer it as such, with a warning, instead of
 * letting them become a 500. Anything else goes on to the server error handler.
 */
export const answerClientErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
    (error as { statusCode?: unknown })?.statusCode;
  if (typeof status !== "number" || status < 400 || status > 499 || res.headersSent) return next(error);
  logger.warn({ method: req.method, url: req.originalUrl, status, err: error }, "refused a bad request");
  refuse(req, res, status, STATUS_CODES[status] ?? "Bad Request");
};
