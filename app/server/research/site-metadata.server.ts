import { Parser } from "htmlparser2";
import { fetchLimited, PAGE_MAX_BYTES, REQUEST_TIMEOUT_MS } from "../catalog/website-logo.server";
import { looksParked } from "../freshness/parked-sites.server";
import { outboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";

/**
 * A website's own home page as the research queue reads it (issue 35): its title, description
 * (meta or og), og:image and og:site_name, read through the outbound guard like the logo fetcher's
 * page. A guard's refusal is thrown (OutboundAddressRefused); a site that fails is an answer.
 */

export type SiteMetadata = {
  /** The address the page was read from, after redirects. */
  url: string;
  title: string;
  siteName: string;
  description: string;
  image: string;
  /** Why the page looks like no product (a parked domain), or null. */
  parked: string | null;
};

export type SiteRead = { ok: true; metadata: SiteMetadata } | { ok: false; reason: string };

/** The head's title and meta tags; reading stops at the body. */
export function parseSiteMetadata(html: string, pageUrl: string): Omit<SiteMetadata, "parked"> {
  const meta = new Map<string, string>();
  let title = "";
  let inTitle = false;
  let inBody = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "body") inBody = true;
        if (inBody) return;
        if (name === "title") inTitle = true;
        if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").toLowerCase().trim();
          const content = attributes.content?.trim();
          if (key && content && !meta.has(key)) meta.set(key, content);
        }
      },
      ontext(text) {
        if (inTitle && !inBody) title += text;
      },
      onclosetag(name) {
        if (name === "title") inTitle = false;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  const oneLine = (value: string | undefined) => (value ?? "").replace(/\s+/g, " ").trim();
  let image = "";
  const declared = meta.get("og:image") ?? meta.get("twitter:image");
  if (declared) {
    try {
      const url = new URL(declared, pageUrl);
      if (url.protocol === "http:" || url.protocol === "https:") image = url.toString();
    } catch {
      // Not an address: no image.
    }
  }
  return {
    url: pageUrl,
    title: oneLine(meta.get("og:title") ?? title),
    siteName: oneLine(meta.get("og:site_name") ?? meta.get("application-name")),
    description: oneLine(meta.get("description") ?? meta.get("og:description") ?? meta.get("twitter:description")),
    image,
  };
}

export async function readSiteMetadata(
  website: string,
  {
    client = outboundClient(),
    timeoutMs = REQUEST_TIMEOUT_MS,
    signal,
  }: { client?: OutboundClient; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SiteRead> {
  const page = await fetchLimited(website, {
    client,
    timeoutMs,
    signal,
    maxBytes: PAGE_MAX_BYTES,
    truncate: true,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.5",
  });
  if (!page.ok) return page;
  if (page.contentType !== "" && !/html|xml/i.test(page.contentType))
    return { ok: false, reason: `${page.url} is ${page.contentType}, not a web page` };
  const html = page.bytes.toString("utf8");
  return { ok: true, metadata: { ...parseSiteMetadata(html, page.url), parked: looksParked(html) } };
}
