import type { Resolver } from "~/server/outbound/guarded-fetch.server";
import { listenOnLoopback } from "./http";

// Tools' websites with icons, on loopback (decision 103): one server plays every site, told apart
// by the Host header, each a map of paths to files. `resolve` (for createOutboundClient) maps the
// sites' names, and nothing else, to 127.0.0.1. A path not listed answers 404.

/** `delayMs`: how long the answer takes, for timeouts. */
export type FakeFile = { status?: number; type: string; body: string | Buffer; delayMs?: number };

export type FakeIconWebsites = {
  port: number;
  url(host: string, path?: string): string;
  resolve: Resolver;
  /** Every request, as "host/path", in order. */
  requests: string[];
  close(): Promise<void>;
};

export async function startFakeIconWebsites(
  sites: Record<string, Record<string, FakeFile>>,
): Promise<FakeIconWebsites> {
  const requests: string[] = [];
  const server = await listenOnLoopback({
    async handler(request, response, url) {
      const host = (request.headers.host ?? "").replace(/:\d+$/, "").toLowerCase();
      requests.push(`${host}${url.pathname}`);
      const file = sites[host]?.[url.pathname];
      if (!file) {
        response.writeHead(404, { "content-type": "text/plain" });
        response.end("Not found");
        return;
      }
      if (file.delayMs) await new Promise((resolve) => setTimeout(resolve, file.delayMs));
      const body = typeof file.body === "string" ? Buffer.from(file.body) : file.body;
      response.writeHead(file.status ?? 200, { "content-type": file.type, "content-length": body.length });
      response.end(body);
    },
  });
  const resolve: Resolver = async (hostname) => {
    if (hostname.toLowerCase() in sites) return [{ address: "127.0.0.1", family: 4 }];
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
  };
  return {
    port: server.port,
    url: (host, path = "/") => `http://${host}:${server.port}${path}`,
    resolve,
    requests,
    close: () => server.close(),
  };
}

/** A page whose head holds `head`. */
export const htmlPage = (head: string, body = "<p>An AI tool.</p>"): FakeFile => ({
  type: "text/html; charset=utf-8",
  body: `<!doctype html><html><head><title>A tool</title>${head}</head><body>${body}</body></html>`,
});
