import { createHash, randomBytes } from "node:crypto";
import { analyticsLoaderScript } from "~/lib/analytics-loader";
import { ZOD_CONFIG_SCRIPT } from "~/lib/zod-config";

/**
 * The Content-Security-Policy of every response. Scripts come from this origin (and the analytics
 * host when configured); the inline ones React Router writes (hydration data, the module loader,
 * scroll restoration) run because they carry the response's fresh nonce. A page kept in the
 * anonymous cache is served to many visitors, so its policy names the hashes of those same
 * nonce-bearing scripts instead of the nonce: a script injected into stored content never carries
 * a nonce made after it was stored, so it is hashed by no one and never runs.
 */
export type ContentSecurityPolicy = {
  /** Report-Only in development, where Vite's hot reload needs a looser page than production's. */
  readonly headerName: "Content-Security-Policy" | "Content-Security-Policy-Report-Only";
  /** For responses that are not pages (files, JSON, errors): no inline script at all. */
  readonly baseline: string;
  newNonce(): string;
  /** For a page sent to one visitor, whose inline scripts carry this nonce. */
  forNonce(nonce: string): string;
  /** For a page kept in the cache: the hashes of its inline scripts that carry this nonce. */
  forStoredPage(html: string, nonce: string): string;
};

export type ContentSecurityPolicyOptions = {
  /** The tracking script's address, with its site id, when analytics is configured. */
  analyticsScriptUrl: string | null;
  /** The OpenID issuer a "Continue with Google" form post is redirected to, when configured. */
  googleIssuerUrl: string | null;
  /** Where browsers load stored files from when that is not this origin (S3, a CDN). */
  storageUrl: string | null;
  development: boolean;
};

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The hashes of the inline scripts in html that carry the nonce, each once. */
export function hashesOfNoncedScripts(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (attributes.includes(`nonce="${nonce}"`) && !/\ssrc=/i.test(attributes)) hashes.add(sha256(text));
  }
  return [...hashes];
}

export function createContentSecurityPolicy(options: ContentSecurityPolicyOptions): ContentSecurityPolicy {
  const analyticsOrigin = options.analyticsScriptUrl ? new URL(options.analyticsScriptUrl).origin : null;
  // The loader is the same text on every page: allowed by its hash, whether the page is cached or not.
  const analyticsLoader = options.analyticsScriptUrl ? sha256(analyticsLoaderScript(options.analyticsScriptUrl)) : null;
  const optional = (...sources: (string | null)[]) => sources.filter((source) => source !== null);

  const policy = (inlineScripts: string[]) =>
    [
      "default-src 'self'",
      ["script-src 'self'", ...optional(analyticsOrigin), ...inlineScripts].join(" "),
      // Style attributes (logo sizes) and <style> elements that sonner, Radix and Tiptap insert at runtime.
      "style-src 'self' 'unsafe-inline'",
      // Tool logos and article images are links to other sites.
      ["img-src 'self' data: blob: https:", ...optional(options.storageUrl && new URL(options.storageUrl).origin)].join(
        " ",
      ),
      ["connect-src 'self'", ...optional(analyticsOrigin), ...(options.development ? ["ws:", "wss:"] : [])].join(" "),
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      // Chromium applies form-action to a post's redirects too: the Google button's post ends at Google.
      ["form-action 'self'", ...optional(options.googleIssuerUrl && new URL(options.googleIssuerUrl).origin)].join(" "),
    ].join("; ");

  // The pages' constant inline scripts are allowed by hash; React Router's by nonce or hash.
  const constantScripts = [sha256(ZOD_CONFIG_SCRIPT), ...optional(analyticsLoader)];
  const pagePolicy = (inlineScripts: string[]) => policy([...constantScripts, ...inlineScripts]);

  return {
    headerName: options.development ? "Content-Security-Policy-Report-Only" : "Content-Security-Policy",
    baseline: policy([]),
    newNonce: () => randomBytes(16).toString("base64"),
    forNonce: (nonce) => pagePolicy([`'nonce-${nonce}'`]),
    forStoredPage: (html, nonce) => pagePolicy(hashesOfNoncedScripts(html, nonce)),
  };
}
