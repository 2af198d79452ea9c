import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeWebsites, type FakeWebsites } from "../../../tests/fakes/websites";
import { createOutboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";
import { looksParked, registrableDomain } from "./parked-sites.server";
import { checkWebsite } from "./website-check.server";

describe("registrableDomain", () => {
  test.each([
    ["example.com", "example.com"],
    ["www.example.com", "example.com"],
    ["app.eu.example.com", "example.com"],
    ["shop.example.co.uk", "example.co.uk"],
    ["me.github.io", "me.github.io"],
    ["my-tool.vercel.app", "my-tool.vercel.app"],
    ["Example.COM.", "example.com"],
    ["93.184.216.34", "93.184.216.34"],
  ])("%s -> %s", (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });
});

describe("looksParked", () => {
  test.each([
    ["<h1>example.ai</h1><p>This domain is for sale!</p>", "this domain is for sale"],
    ["<p>Buy&nbsp;this   domain today</p>", "buy this domain"],
    ['<script src="//www.sedoparking.com/frmpark/x.js"></script>', "www.sedoparking.com"],
    ['<iframe src="https://dan.com/buy-domain/example.ai"></iframe>', "dan.com"],
  ])("finds %s", (html, clue) => {
    expect(looksParked(html)).toBe(clue);
  });

  test.each([
    "<h1>Writer</h1><p>Write better with AI.</p>",
    '<a href="https://jordan.com/">Jordan</a>',
    "<p>Our blog post about domain names</p>",
  ])("leaves a real page alone: %s", (html) => {
    expect(looksParked(html)).toBeNull();
  });
});

describe("checkWebsite", () => {
  let sites: FakeWebsites;
  let client: OutboundClient;
  let guarded: OutboundClient;

  beforeAll(async () => {
    sites = await startFakeWebsites({
      sites: {
        "ok.test": "ok",
        "www-redirect.test": "www",
        "moved.test": "moved",
        "not-found.test": "not-found",
        "forbidden.test": "forbidden",
        "server-error.test": "server-error",
        "hang.test": "hang",
        "reset.test": "reset",
        "parked.test": "parked",
        "loop.test": "loop",
        "to-private.test": "to-private",
      },
    });
    client = createOutboundClient({ allowPrivate: true, resolve: sites.resolve });
    guarded = createOutboundClient({
      allowPrivate: false,
      allowAddress: (address) => address === "127.0.0.1",
      resolve: sites.resolve,
    });
  });
  afterAll(async () => {
    await Promise.all([client.close(), guarded.close()]);
    await sites.close();
  });

  const check = (url: string, options: { timeoutMs?: number; via?: OutboundClient } = {}) =>
    checkWebsite(url, { timeoutMs: options.timeoutMs ?? 2_000, client: options.via ?? client });

  test("ok, and ok through a redirect to www. on the same domain", async () => {
    expect(await check(sites.url("ok.test"))).toEqual({
      outcome: "ok",
      httpStatus: 200,
      finalUrl: sites.url("ok.test"),
      detail: null,
    });
    expect(await check(sites.url("www-redirect.test"))).toMatchObject({
      outcome: "ok",
      finalUrl: sites.url("www.www-redirect.test"),
    });
    expect(sites.userAgents.get("ok.test")).toMatch(/^AitlasLinkChecker\/1\.0 \(\+/);
  });

  test("moved: the redirects end on another registrable domain", async () => {
    expect(await check(sites.url("moved.test"))).toEqual({
      outcome: "moved",
      httpStatus: 200,
      finalUrl: sites.url("elsewhere.test"),
      detail: "now at elsewhere.test",
    });
  });

  test("client and server errors; 403 counts as up", async () => {
    expect(await check(sites.url("not-found.test"))).toMatchObject({ outcome: "client_error", httpStatus: 404 });
    expect(await check(sites.url("server-error.test"))).toMatchObject({ outcome: "server_error", httpStatus: 500 });
    expect(await check(sites.url("forbidden.test"))).toMatchObject({
      outcome: "ok",
      httpStatus: 403,
      detail: "answered 403: refuses automated requests, counted as up",
    });
  });

  test("parked", async () => {
    expect(await check(sites.url("parked.test"))).toMatchObject({
      outcome: "parked",
      httpStatus: 200,
      detail: 'the page looks parked ("this domain is for sale")',
    });
  });

  test("timeout, reset, unknown name, redirect loop", async () => {
    const started = performance.now();
    expect(await check(sites.url("hang.test"), { timeoutMs: 300 })).toEqual({
      outcome: "timeout",
      httpStatus: null,
      finalUrl: null,
      detail: "no answer within 0.3 s",
    });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await check(sites.url("reset.test"))).toMatchObject({ outcome: "connection_failed" });
    expect(await check(sites.url("gone.test"))).toMatchObject({
      outcome: "dns_failure",
      detail: expect.stringMatching(/^ENOTFOUND/),
    });
    expect(await check(sites.url("loop.test"))).toMatchObject({ outcome: "server_error", httpStatus: 302 });
  });

  test("connection refused", async () => {
    // Port 1 on loopback: nothing listens there.
    expect(await check("http://ok.test:1/")).toMatchObject({ outcome: "connection_failed" });
  });

  test("tls_failure: a certificate nobody signed", async () => {
    expect(await check(`https://self-signed.test:${sites.tlsPort}/`)).toMatchObject({
      outcome: "tls_failure",
      detail: expect.stringMatching(/SELF_SIGNED/),
    });
  });

  test("throws when this machine runs short, which says nothing about the site", async () => {
    const starved = createOutboundClient({
      allowPrivate: true,
      resolve: async () => {
        throw Object.assign(new Error("too many open files"), { code: "EMFILE" });
      },
    });
    try {
      await expect(checkWebsite(sites.url("ok.test"), { client: starved })).rejects.toMatchObject({ code: "EMFILE" });
    } finally {
      await starved.close();
    }
  });

  test("blocked: the address is reserved, first hop or a redirect", async () => {
    expect(await check("http://169.254.169.254/latest/meta-data/", { via: guarded })).toMatchObject({
      outcome: "blocked",
      detail: "169.254.169.254 is a reserved address",
    });
    expect(await check(sites.url("to-private.test"), { via: guarded })).toMatchObject({ outcome: "blocked" });
    expect(await check("ftp://ok.test/", { via: guarded })).toMatchObject({ outcome: "blocked" });
    expect(await check("not a url")).toMatchObject({ outcome: "blocked" });
  });
});
