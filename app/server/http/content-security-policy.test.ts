import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createContentSecurityPolicy, hashesOfNoncedScripts } from "./content-security-policy.server";

const hashOf = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("hashesOfNoncedScripts", () => {
  it("hashes only the inline scripts that carry this response's nonce", () => {
    const html = [
      '<script nonce="fresh">window.__data = 1;</script>',
      '<script nonce="fresh" type="module" async="">import "/assets/entry.js";</script>',
      // What stored content could smuggle in: no nonce, or one from an earlier response.
      "<script>alert(1)</script>",
      '<script nonce="stale">alert(2)</script>',
      '<script nonce="fresh" src="/assets/x.js"></script>',
    ].join("");

    expect(hashesOfNoncedScripts(html, "fresh")).toEqual([
      hashOf("window.__data = 1;"),
      hashOf('import "/assets/entry.js";'),
    ]);
  });
});

describe("createContentSecurityPolicy", () => {
  const csp = createContentSecurityPolicy({
    analyticsScriptUrl: null,
    googleIssuerUrl: null,
    storageUrl: "http://127.0.0.1:9000/logos",
    development: false,
  });

  it("names the stored files' host among image sources, and no extra form target without Google", () => {
    expect(csp.baseline).toContain("img-src 'self' data: blob: https: http://127.0.0.1:9000;");
    expect(csp.baseline).toMatch(/form-action 'self'$/);
    expect(csp.headerName).toBe("Content-Security-Policy");
  });

  it("makes a different nonce every time", () => {
    expect(csp.newNonce()).not.toBe(csp.newNonce());
  });
});
