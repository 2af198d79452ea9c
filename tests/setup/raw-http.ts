import http from "node:http";

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One GET to the server with exactly the given request target and headers, over a fresh
 * connection: the Host header, an absolute-form target (http://other.example/) or forwarding
 * headers that fetch() would not let a test choose.
 */
export function rawGet(serverUrl: string, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(serverUrl);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: target, method: "GET", headers, agent: false }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}
