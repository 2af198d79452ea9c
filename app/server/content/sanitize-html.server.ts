import sanitize from "sanitize-html";

/**
 * The one allowlist for stored rich text (articles, tool descriptions): structure and links,
 * no scripts, styles, event handlers, iframes or javascript: URLs. Applied on save and on render.
 */
const options: sanitize.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "br",
    "hr",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "mark",
    "sub",
    "sup",
    "ul",
    "ol",
    "li",
    "blockquote",
    "code",
    "pre",
    "a",
    "img",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading", "decoding"],
    th: ["colspan", "rowspan", "scope"],
    td: ["colspan", "rowspan"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  transformTags: {
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
};

/**
 * Links: one on another site opens in a new tab, safely, carrying no referrer or ranking
 * endorsement; one on this site (a path, or an address on `siteOrigin`, which becomes a path) opens
 * in the same tab, so it loses any target and rel (issue 34). An address on this site written as a
 * path also survives a change of domain and counts as a link to a tool (decision 182).
 */
function linkTransform(siteOrigin: string | null): sanitize.Transformer {
  return (tagName, attribs) => {
    const { target: _target, rel: _rel, ...rest } = attribs;
    const href = sitePath(attribs.href ?? "", siteOrigin);
    if (/^https?:\/\//i.test(href)) {
      // Spread first, so attributes keep their order (a stored target stays before rel).
      return { tagName, attribs: { ...attribs, href, rel: "noopener noreferrer nofollow", target: "_blank" } };
    }
    return { tagName, attribs: attribs.href === undefined ? rest : { ...rest, href } };
  };
}

/** An absolute address on this site as a path ("https://site/tool/x?y#z" -> "/tool/x?y#z"); any other as is. */
function sitePath(href: string, siteOrigin: string | null): string {
  if (!siteOrigin || !/^https?:\/\//i.test(href)) return href;
  try {
    const url = new URL(href);
    if (url.origin !== siteOrigin) return href;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return href;
  }
}

/** Options per site origin: built once each (the origin is one per process, or a few in tests). */
const optionsByOrigin = new Map<string | null, sanitize.IOptions>();

/**
 * The allowlisted HTML. `siteOrigin` (https://example.org, no path) is this site's public origin:
 * links to it are made paths that open in the same tab.
 */
export function sanitizeRichText(html: string, { siteOrigin = null }: { siteOrigin?: string | null } = {}): string {
  const origin = originOf(siteOrigin);
  let built = optionsByOrigin.get(origin);
  if (!built) {
    built = { ...options, transformTags: { ...options.transformTags, a: linkTransform(origin) } };
    if (optionsByOrigin.size < 16) optionsByOrigin.set(origin, built);
  }
  return sanitize(html, built);
}

function originOf(siteUrl: string | null): string | null {
  if (!siteUrl) return null;
  try {
    return new URL(siteUrl).origin;
  } catch {
    return null;
  }
}
