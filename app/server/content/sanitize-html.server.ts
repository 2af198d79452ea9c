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
    // External links open safely and carry no referrer or ranking endorsement.
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      if (external) return { tagName, attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" } };
      // Any link that opens another window must not hand it window.opener.
      if (attribs.target) return { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } };
      return { tagName, attribs };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy", decoding: "async" } }),
  },
};

export function sanitizeRichText(html: string): string {
  return sanitize(html, options);
}
