import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertServerBuilt, cleanUpServers, startServer, type RunningServer } from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";
import { rawGet, type RawResponse } from "../setup/raw-http";

// The Content-Security-Policy the production server sends, over real HTTP: its directives, and
// that it allows exactly the inline scripts the page itself wrote (by nonce, or by hash on a
// cached page). The e2e suite shows the browser agrees (tests/e2e/fixtures.ts fails on violations).

const SLOW = 120_000;
const PUBLIC_URL = "https://aitlas.example";
// Nothing listens on port 9: page views never contact the analytics host or the OpenID issuer.
const ANALYTICS_ORIGIN = "http://127.0.0.1:9";
const ISSUER = "http://127.0.0.1:9";

beforeAll(() => assertServerBuilt());
afterAll(() => cleanUpServers());

/** The policy's directives by name, each with its sources. */
function directives(response: RawResponse): Map<string, string[]> {
  const header = response.headers["content-security-policy"];
  if (typeof header !== "string") throw new Error("the response has no Content-Security-Policy");
  return new Map(
    header.split(";").map((directive) => {
      const [name = "", ...sources] = directive.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** Inline scripts the browser would run (not JSON-LD data blocks), with the nonce each carries. */
function inlineScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\ssrc=/.test(attributes!) && !/type="application\/(?:ld\+)?json"/.test(attributes!))
    .map(([, attributes, text]) => ({ nonce: /nonce="([^"]*)"/.exec(attributes!)?.[1], text: text! }));
}

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function expectEveryInlineScriptAllowed(response: RawResponse) {
  const scriptSources = directives(response).get("script-src")!;
  const scripts = inlineScripts(response.body);
  // At least React Router's hydration data and module loader, and the analytics loader.
  expect(scripts.length).toBeGreaterThanOrEqual(3);
  for (const script of scripts) {
    const allowed =
      scriptSources.includes(hashOf(script.text)) ||
      (script.nonce !== undefined && scriptSources.includes(`'nonce-${script.nonce}'`));
    expect(allowed, `inline script ${script.text.slice(0, 80)}`).toBe(true);
  }
}

describe("Content-Security-Policy", () => {
  let server: RunningServer;
  let pages: string[];
  beforeAll(async () => {
    server = await startServer({
      DATA_DIR: preparedDataDir("demo"),
      SEED_DEMO: "true",
      PUBLIC_URL,
      ANALYTICS_SCRIPT_URL: `${ANALYTICS_ORIGIN}/script.js`,
      ANALYTICS_SITE_ID: "site-1",
      GOOGLE_CLIENT_ID: "client",
      GOOGLE_CLIENT_SECRET: "secret",
      GOOGLE_ISSUER_URL: ISSUER,
    });
    const sitemap =
      (await rawGet(server.url, "/sitemap-tools.xml")).body + (await rawGet(server.url, "/sitemap-articles.xml")).body;
    const firstPath = (prefix: string) => new RegExp(`<loc>[^<]*?(${prefix}[^<]+)</loc>`).exec(sitemap)![1]!;
    pages = ["/", firstPath("/tool/"), firstPath("/article/"), "/blog", "/sign-in", "/about"];
  }, SLOW);
  afterAll(() => server?.stop());

  it("every page has the policy, with the analytics host and Google's sign-in endpoint, and HSTS", async () => {
    for (const path of [...pages, "/no-such-page"]) {
      const page = await rawGet(server.url, path);
      expect(page.headers["content-type"], path).toMatch(/^text\/html/);
      const policy = directives(page);
      const scriptSources = policy.get("script-src")!;
      expect(scriptSources.slice(0, 2), path).toEqual(["'self'", ANALYTICS_ORIGIN]);
      expect(scriptSources, path).not.toContain("'unsafe-inline'");
      expect(scriptSources, path).not.toContain("'unsafe-eval'");
      expect(policy.get("default-src"), path).toEqual(["'self'"]);
      expect(policy.get("object-src"), path).toEqual(["'none'"]);
      expect(policy.get("base-uri"), path).toEqual(["'self'"]);
      expect(policy.get("frame-ancestors"), path).toEqual(["'none'"]);
      expect(policy.get("form-action"), path).toEqual(["'self'", ISSUER]);
      expect(policy.get("connect-src"), path).toEqual(["'self'", ANALYTICS_ORIGIN]);
      // Tool logos and article images are links to other sites.
      expect(policy.get("img-src"), path).toContain("https:");
      expect(page.headers["strict-transport-security"], path).toBe("max-age=31536000");
      expect(page.headers["x-frame-options"], path).toBe("DENY");
      expect(page.headers["x-content-type-options"], path).toBe("nosniff");
      expect(page.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expectEveryInlineScriptAllowed(page);
    }
  });

  it("a cached page is allowed its scripts by hash, not by a nonce every visitor would share", async () => {
    for (const path of pages) {
      await rawGet(server.url, path);
      const hit = await rawGet(server.url, path);
      expect(hit.headers["x-cache"], path).toBe("HIT");
      expect(hit.headers["content-security-policy"], path).not.toContain("'nonce-");
      expectEveryInlineScriptAllowed(hit);
    }
  });

  it("a page rendered for one visitor gets a fresh nonce each time", async () => {
    // A one-time message cookie makes the page personal: never cached.
    const personal = { cookie: "aitlas.flash=x" };
    const first = await rawGet(server.url, "/about", personal);
    const second = await rawGet(server.url, "/about", personal);
    const nonceOf = (response: RawResponse) =>
      /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];
    expect(first.headers["x-cache"]).toBeUndefined();
    expect(nonceOf(first)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(second)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
    expectEveryInlineScriptAllowed(first);
  });

  it("responses that are not pages allow no inline script at all", async () => {
    for (const path of ["/sitemap.xml", "/robots.txt", "/healthz", "/favicon.svg"]) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(200);
      expect(directives(response).get("script-src"), path).toEqual(["'self'", ANALYTICS_ORIGIN]);
      expect(directives(response).get("frame-ancestors"), path).toEqual(["'none'"]);
    }
  });
});
