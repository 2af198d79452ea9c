import { listenOnLoopback } from "./http";

// A stand-in for a hosted analytics script (ANALYTICS_SCRIPT_URL). The script only counts its own
// loads in the page, so a browser test can tell "the tag is in the HTML" from "the script ran";
// the server records each load with its site_id, so a test can tell whether a page asked for it.

export interface AnalyticsHit {
  siteId: string | null;
}

export interface FakeAnalytics {
  port: number;
  scriptUrl: string;
  hits(): AnalyticsHit[];
  clear(): void;
  stop(): Promise<void>;
}

const SCRIPT = "window.__aitlasAnalyticsLoaded = (window.__aitlasAnalyticsLoaded || 0) + 1;\n";

export async function startFakeAnalytics({ port = 0 }: { port?: number } = {}): Promise<FakeAnalytics> {
  const hits: AnalyticsHit[] = [];
  const server = await listenOnLoopback({
    port,
    handler(request, response, url) {
      if (url.pathname !== "/script.js" || (request.method !== "GET" && request.method !== "HEAD")) {
        response.writeHead(404, { "content-type": "text/plain; charset=utf-8" });
        response.end("not found");
        return;
      }
      if (request.method === "GET") hits.push({ siteId: url.searchParams.get("site_id") });
      response.writeHead(200, {
        "content-type": "text/javascript; charset=utf-8",
        // A page may load the script with crossorigin (or an integrity check), which needs CORS.
        "access-control-allow-origin": "*",
        // Every page load must reach the server, or the hit count would depend on the browser cache.
        "cache-control": "no-store",
      });
      response.end(request.method === "GET" ? SCRIPT : undefined);
    },
  });
  return {
    port: server.port,
    scriptUrl: `${server.origin}/script.js`,
    hits: () => [...hits],
    clear() {
      hits.length = 0;
    },
    stop: () => server.close(),
  };
}
