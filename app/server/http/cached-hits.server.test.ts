import { createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, etagOf } from "../cache/page-cache.server";
import { cacheKeyOf, createCachedHitResponder, forwardedView, type ForwardedView } from "./cached-hits.server";
import { createHostPolicy } from "./host-policy.server";

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Each request's view as Express sees it and as forwardedView does, from one server. */
async function bothViews(hops: number, headers: Record<string, string>[]) {
  const app = express();
  app.set("trust proxy", hops || false);
  const seen: { express: ForwardedView; ours: ForwardedView }[] = [];
  app.get("/", (req, res) => {
    seen.push({ express: { ip: req.ip!, protocol: req.protocol, host: req.host }, ours: forwardedView(req, hops) });
    res.end();
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const { port } = server.address() as AddressInfo;
  for (const sent of headers) {
    await new Promise<void>((resolve, reject) => {
      httpRequest({ host: "127.0.0.1", port, path: "/", headers: sent }, (res) => {
        res.resume().on("end", resolve);
      })
        .on("error", reject)
        .end();
    });
  }
  return seen;
}

const REQUESTS: Record<string, string>[] = [
  {},
  { host: "aitlas.example:8080" },
  { "x-forwarded-for": "203.0.113.9" },
  { "x-forwarded-for": "198.51.100.1, 203.0.113.9", "x-forwarded-proto": "https" },
  { "x-forwarded-for": " 10.0.0.1 ,198.51.100.1,203.0.113.9 ", "x-forwarded-proto": "https, http" },
  { "x-forwarded-host": "public.example, inner.example", "x-forwarded-proto": "https" },
  { "x-forwarded-host": "public.example:8443" },
];

describe("forwardedView", () => {
  it.each([0, 1, 2, 5])("matches Express's req.ip, req.protocol and req.host with %i trusted hops", async (hops) => {
    const seen = await bothViews(hops, REQUESTS);
    expect(seen).toHaveLength(REQUESTS.length);
    for (const [index, { express: expected, ours }] of seen.entries()) {
      expect(ours, JSON.stringify(REQUESTS[index])).toEqual(expected);
    }
    // The forwarded values are believed only behind a trusted proxy.
    const forwarded = seen[3]!.ours;
    expect(forwarded.ip).toBe(["127.0.0.1", "203.0.113.9", "198.51.100.1"][Math.min(hops, 2)]);
    expect(forwarded.protocol).toBe(hops === 0 ? "http" : "https");
  });
});

describe("createCachedHitResponder", () => {
  async function serve(options: { publicUrl?: string; allowedHosts?: string[] } = {}) {
    const cache = createPageCache({ ttlMs: 60_000, staleMs: 60_000, maxBytes: 1_000_000 });
    const hostPolicy = createHostPolicy({ publicUrl: options.publicUrl, allowedHosts: options.allowedHosts ?? [] });
    let closing = false;
    const answer = createCachedHitResponder({
      cache,
      hostPolicy,
      trustProxyHops: 0,
      apiRateLimiter: null,
      searchLog: null,
      securityHeaders: { "x-frame-options": "DENY", "content-security-policy": "default-src 'self'" },
      closing: () => closing,
    });
    let passedOn = 0;
    const server = createServer((req, res) => {
      if (answer(req, res)) return;
      passedOn += 1;
      res.writeHead(404).end();
    });
    server.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    close = () => new Promise((resolve) => server.close(() => resolve()));
    const { port } = server.address() as AddressInfo;
    return {
      cache,
      origin: `http://127.0.0.1:${port}`,
      passedOn: () => passedOn,
      startClosing: () => (closing = true),
      get: (path: string, headers: Record<string, string> = {}) =>
        fetch(`http://127.0.0.1:${port}${path}`, { headers, redirect: "manual" }),
    };
  }

  const page = (body: string, headers: [string, string][] = []) => ({
    status: 200,
    headers: [["content-type", "text/html"], ["content-security-policy", "script-src 'sha256-x'"], ...headers] as [
      string,
      string,
    ][],
    body: Buffer.from(body),
    etag: etagOf(body),
    tags: ["site"],
  });

  it("answers a stored page with its own headers, the security headers and gzip, and passes misses on", async () => {
    const site = await serve();
    site.cache.set(cacheKeyOf({ origin: site.origin, url: "/?a=1", api: false, cookie: "" }), page("<p>home</p>"));

    const hit = await site.get("/?a=1", { "accept-encoding": "gzip" });
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe("<p>home</p>");
    expect(hit.headers.get("content-encoding")).toBe("gzip");
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(hit.headers.get("x-frame-options")).toBe("DENY");
    // The page's own policy (hashes of its scripts) replaces the baseline.
    expect(hit.headers.get("content-security-policy")).toBe("script-src 'sha256-x'");

    expect((await site.get("/?a=2")).status).toBe(404);
    expect(site.passedOn()).toBe(1);
  });

  it("leaves personal requests, other themes and other hosts to the app", async () => {
    const site = await serve({ allowedHosts: ["127.0.0.1"] });
    site.cache.set(cacheKeyOf({ origin: site.origin, url: "/", api: false, cookie: "" }), page("<p>home</p>"));

    expect((await site.get("/", { cookie: "aitlas.session_token=abc" })).status).toBe(404);
    expect((await site.get("/", { cookie: "theme=dark" })).status).toBe(404);
    // fetch cannot name another Host; node:http can.
    const otherHost = await new Promise<number | undefined>((resolve, reject) => {
      const { port } = new URL(site.origin);
      httpRequest({ host: "127.0.0.1", port, path: "/", headers: { host: "evil.example" } }, (res) => {
        res.resume().on("end", () => resolve(res.statusCode));
      })
        .on("error", reject)
        .end();
    });
    expect(otherHost).toBe(404);
    expect(site.passedOn()).toBe(3);
    expect((await site.get("/", { cookie: "_ga=1" })).headers.get("x-cache")).toBe("HIT");
  });

  it("answers a stored API answer with 304 for its ETag, and asks to close the connection while closing", async () => {
    const site = await serve();
    const url = "/api/v1/tools";
    site.cache.set(cacheKeyOf({ origin: site.origin, url, api: true, cookie: "" }), {
      status: 200,
      headers: [
        ["content-type", "application/json"],
        ["etag", '"v1"'],
      ],
      body: Buffer.from("{}"),
      etag: '"v1"',
      tags: ["site"],
    });
    const notModified = await site.get(url, { "if-none-match": '"v1"', cookie: "aitlas.session_token=abc" });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("x-cache")).toBe("HIT");

    site.startClosing();
    const last = await site.get(url);
    expect(await last.text()).toBe("{}");
    expect(last.headers.get("connection")).toBe("close");
  });

  it("answers a page 304 for its ETag, without content headers or a policy the browser's copy did not come with", async () => {
    const site = await serve();
    site.cache.set(cacheKeyOf({ origin: site.origin, url: "/", api: false, cookie: "" }), page("<p>home</p>"));

    const notModified = await site.get("/", { "if-none-match": etagOf("<p>home</p>") });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("content-security-policy")).toBeNull();
    expect(notModified.headers.get("content-type")).toBeNull();
    expect((await site.get("/", { "if-none-match": etagOf("<p>old</p>") })).status).toBe(200);
  });

  it("serves a purged page STALE while exactly one GET goes on to render it, and a HEAD never renders", async () => {
    const site = await serve();
    const key = cacheKeyOf({ origin: site.origin, url: "/tool/x", api: false, cookie: "" });
    site.cache.set(key, { ...page("<p>old</p>"), tags: ["site", "tool:x"] });
    site.cache.purge(["tool:y"]);
    expect((await site.get("/tool/x")).headers.get("x-cache")).toBe("HIT");

    site.cache.purge(["tool:x"]);
    const head = await fetch(`${site.origin}/tool/x`, { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBe("STALE");
    const answers = await Promise.all(Array.from({ length: 10 }, () => site.get("/tool/x")));
    // This test's app answers 404 where the real one would render and store the page again.
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(1);
    const stale = answers.filter((answer) => answer.status === 200);
    expect(stale).toHaveLength(9);
    expect(stale.every((answer) => answer.headers.get("x-cache") === "STALE")).toBe(true);
    expect(await stale[0]!.text()).toBe("<p>old</p>");
    expect(site.passedOn()).toBe(1);

    // The render stored the fresh page: a hit again, for everyone.
    site.cache.set(key, { ...page("<p>new</p>"), tags: ["site", "tool:x"] });
    const fresh = await site.get("/tool/x");
    expect([fresh.headers.get("x-cache"), await fresh.text()]).toEqual(["HIT", "<p>new</p>"]);
  });
});
