import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import type { Database } from "../db/client.server";
import { loadOnce } from "../load-once.server";
import { logger } from "../logger.server";
import { enforceRateLimit, RATE_LIMITS } from "../security/rate-limit-rules.server";
import { clientIpOf, sendFetchResponse } from "./fetch-adapter.server";

/** Where MCP clients connect (Streamable HTTP). */
export const MCP_PATH = "/mcp";

/** A tool call is a few hundred bytes; this leaves room for any client's initialize. */
export const MCP_MAX_BODY_BYTES = 64 * 1024;

// The MCP server and its SDK load with the first MCP request, not with the server: most installs
// answer pages all day and agents now and then.
const loadMcp = loadOnce(() => import("../mcp/mcp-server.server"));

/** JSON-RPC's own code for a body that is not a valid request object. */
export const INVALID_REQUEST = -32600;

export const BATCH_REFUSED_MESSAGE =
  "Invalid Request: JSON-RPC batches are not supported. Send one message per POST (MCP 2025-06-18 removed batching).";

/**
 * Whether a body is a JSON array, that is a JSON-RPC batch: its first character after any
 * whitespace (and a byte-order mark, which the SDK's decoder drops) is "[". Refused for every
 * protocol version (decision 148), so one POST is one message, counted once against the limit.
 */
export function isJsonRpcBatch(body: Uint8Array): boolean {
  let start = 0;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) start = 3;
  for (let index = start; index < body.length; index++) {
    const byte = body[index];
    if (byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d) continue;
    return byte === 0x5b;
  }
  return false;
}

/** Refusals in the shape an MCP client reads: a JSON-RPC error with no id. */
function refuse(
  res: express.Response,
  status: number,
  message: string,
  { code = -32000, headers = {} }: { code?: number; headers?: Record<string, string> } = {},
) {
  res
    .status(status)
    .set({ "Cache-Control": "no-store", ...headers })
    .json({ jsonrpc: "2.0", error: { code, message }, id: null });
}

/**
 * Express's handlers for /mcp (decision 065), mounted after the host policy (which set
 * res.locals.origin) and before the pages: POST only (stateless, so there is no stream to GET
 * and no session to DELETE), only from the site's own pages when a browser sends it (Origin,
 * against DNS rebinding), counted per client address, with a small body holding one JSON-RPC
 * message: a batch (a JSON array) is refused with 400 and JSON-RPC's Invalid Request before any
 * of it runs (decision 148).
 */
export function mcpEndpoint({ db }: { db: Database }): (RequestHandler | ErrorRequestHandler)[] {
  const readBody = express.raw({ type: () => true, limit: MCP_MAX_BODY_BYTES });

  const guard: RequestHandler = async (req, res, next) => {
    if (req.method !== "POST") {
      return refuse(res, 405, "Method not allowed: this MCP server is stateless and answers POST only.", {
        headers: { Allow: "POST" },
      });
    }
    const origin = req.get("origin");
    if (origin !== undefined && origin !== res.locals.origin) {
      return refuse(res, 403, "Forbidden: requests from other sites' pages are refused.");
    }
    try {
      const refusal = await enforceRateLimit({ db, rule: RATE_LIMITS.mcp, subject: clientIpOf(req) });
      if (refusal) return refuse(res, refusal.status, refusal.message, { headers: refusal.headers });
    } catch (error) {
      return next(error);
    }
    next();
  };

  const answer: RequestHandler = async (req, res, next) => {
    const siteUrl = res.locals.origin as string;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
    }
    const controller = new AbortController();
    res.on("close", () => controller.abort());
    // express.raw leaves {} when there is no body at all; the transport then refuses it as JSON.
    const body = Buffer.isBuffer(req.body) ? new Uint8Array(req.body) : new Uint8Array();
    if (isJsonRpcBatch(body)) {
      logger.warn({ url: req.originalUrl }, "refused a JSON-RPC batch");
      return refuse(res, 400, BATCH_REFUSED_MESSAGE, { code: INVALID_REQUEST });
    }
    const request = new Request(new URL(req.originalUrl, siteUrl), {
      method: "POST",
      headers,
      body,
      signal: controller.signal,
    });
    try {
      const { handleMcpRequest } = await loadMcp();
      await sendFetchResponse(res, await handleMcpRequest({ db, siteUrl, request }));
    } catch (error) {
      next(error);
    }
  };

  const bodyErrors: ErrorRequestHandler = (error: unknown, req, res, next) => {
    const status = (error as { status?: unknown } | null)?.status;
    // Anything else (a database outage, a bug) goes on to the server's own handlers.
    if (res.headersSent || typeof status !== "number" || status < 400 || status > 499) return next(error);
    logger.warn({ url: req.originalUrl, status, err: error }, "refused an MCP request body");
    refuse(res, status, status === 413 ? `Request body larger than ${MCP_MAX_BODY_BYTES} bytes.` : "Bad request body.");
  };

  return [guard, readBody, answer, bodyErrors];
}
