import { AsyncLocalStorage } from "node:async_hooks";
import type express from "express";

/**
 * How a database error is told from a bug: these say the database could not be reached or did
 * not answer in time, and pass (docs/decisions/011-database-outage.md). Anything else is a bug.
 */

/** SQLSTATEs that mean "the database cannot serve now", not "this query is wrong". */
const UNAVAILABLE_SQLSTATE = [
  /^08/, // connection exception
  /^57P/, // admin shutdown, crash shutdown, cannot connect now, database dropped
  /^57014$/, // query_canceled: statement_timeout, the database too slow to answer
  /^53300$/, // too_many_connections
];
/** Socket errors on the way to the database. */
const UNAVAILABLE_SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres and its pool report lost connections and timeouts with these messages and no code. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
];

/**
 * True for an error that says the database could not be reached or did not answer in time,
 * found anywhere along the error's cause chain (Drizzle and Better Auth wrap the driver's error).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current = error;
  for (let depth = 0; current instanceof Error && depth < 8; depth++) {
    const { message } = current;
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (UNAVAILABLE_SOCKET_CODES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE.some((pattern) => pattern.test(code))) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = current.cause;
  }
  return false;
}

/** What each request has seen of the database: React Router and Better Auth catch errors before Express can. */
const requestScope = new AsyncLocalStorage<{ databaseFailure?: unknown }>();

/** Express middleware: gives the rest of the request its own record of database failures. */
export const watchDatabaseFailures: express.RequestHandler = (_req, _res, next) => {
  requestScope.run({}, next);
};

/** Records an unavailable-database error against the current request; true when it was one. */
export function noteIfDatabaseUnavailable(error: unknown): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  const store = requestScope.getStore();
  if (store) store.databaseFailure ??= error;
  return true;
}

/** The database error this request met, if any: its 500 is really a 503. */
export function requestDatabaseFailure(): unknown {
  return requestScope.getStore()?.databaseFailure;
}

export function databaseFailedDuringRequest(): boolean {
  return requestDatabaseFailure() !== undefined;
}
