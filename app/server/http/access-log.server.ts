import type { IncomingMessage, ServerResponse } from "node:http";
import type { Logger } from "pino";
import { logger } from "../logger.server";

/**
 * One access line per request, at debug level (decision 121): a proxy in front keeps its own
 * access log, and at info a busy site's own lines would bury what an operator needs to read.
 * LOG_LEVEL=debug turns them on; the line reads "GET /tools 200 12.3 ms", with the same fields.
 */
export function logWhenFinished(req: IncomingMessage, res: ServerResponse, log: Logger = logger) {
  // The level is fixed at start: with access lines off, a request costs no listener.
  if (!log.isLevelEnabled("debug")) return;
  const began = process.hrtime.bigint();
  // Read now: routing rewrites req.url under mounted paths.
  const { method, url } = req;
  res.on("finish", () => {
    const ms = Math.round(Number(process.hrtime.bigint() - began) / 1e5) / 10;
    log.debug({ method, url, status: res.statusCode, ms }, `${method} ${url} ${res.statusCode} ${ms} ms`);
  });
}
