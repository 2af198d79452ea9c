import { Readable } from "node:stream";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";

/** Express request -> Fetch Request, aborted when the client goes away. */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse, trustProxy: boolean): Request {
  const protocol = trustProxy ? (req.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? req.protocol) : req.protocol;
  const host = (trustProxy ? req.get("x-forwarded-host") : undefined) ?? req.get("host") ?? "localhost";
  const url = new URL(req.originalUrl, `${protocol}://${host}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }

  const controller = new AbortController();
  res.on("close", () => controller.abort());

  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    // Node's fetch needs this to stream a request body.
    ...(hasBody ? { duplex: "half" } : {}),
  } as RequestInit);
}

export function writeHeaders(res: ExpressResponse, status: number, headers: Iterable<[string, string]>) {
  res.status(status);
  const setCookies: string[] = [];
  for (const [name, value] of headers) {
    if (name.toLowerCase() === "set-cookie") setCookies.push(value);
    else res.setHeader(name, value);
  }
  if (setCookies.length) res.setHeader("set-cookie", setCookies);
}

/** Streams a Fetch Response to Express. */
export async function sendFetchResponse(res: ExpressResponse, response: Response) {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers.push([name, value]);
  });
  for (const cookie of response.headers.getSetCookie()) headers.push(["set-cookie", cookie]);
  writeHeaders(res, response.status, headers);
  if (response.body && res.req.method !== "HEAD") await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
