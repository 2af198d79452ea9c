// The benchmark's baseline: a bare node:http server that answers each path with bytes captured
// from Aitlas beforehand, so the difference to it is what Aitlas spends per request.
// Usage: tsx bench/plain-server.ts RESPONSES.json   (prints "listening PORT" once it listens)
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

/** Written by bench/run.ts: one entry per route, the body in a file beside the list. */
export type CapturedResponse = { path: string; contentType: string; contentEncoding?: string; bodyFile: string };

const listFile = process.argv[2];
if (!listFile) {
  console.error("Usage: tsx bench/plain-server.ts RESPONSES.json");
  process.exit(2);
}

const captured: CapturedResponse[] = JSON.parse(fs.readFileSync(listFile, "utf8"));
const responses = new Map(
  captured.map((entry) => {
    const body = fs.readFileSync(path.resolve(path.dirname(listFile), entry.bodyFile));
    const headers: Record<string, string | number> = {
      "content-type": entry.contentType,
      "content-length": body.length,
    };
    if (entry.contentEncoding) headers["content-encoding"] = entry.contentEncoding;
    return [entry.path, { body, headers }];
  }),
);

const server = http.createServer((req, res) => {
  const response = responses.get(req.url ?? "");
  if (!response) {
    res.writeHead(404, { "content-type": "text/plain" }).end("not captured");
    return;
  }
  res.writeHead(200, response.headers).end(response.body);
});

server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});

process.once("SIGTERM", () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
