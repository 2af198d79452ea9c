import { absoluteUrl } from "~/lib/seo";
import { sanitizeRichText } from "../content/sanitize-html.server";
import { loadOnce } from "../load-once.server";

// The one writer of Markdown text (decision 151): every name, tagline, list row, address and rich
// text that goes into a Markdown twin or llms.txt passes through here, so stored text (a tool's
// row, an import, an older save) can add no link, HTML or block that the document did not write.

/** Line breaks and control characters: in a line of Markdown they would start a new block. */
const BREAKS = /[\s\p{Cc}]+/gu;
/** Characters that open inline markup anywhere: emphasis, code, links, autolinks and HTML. */
const INLINE_MARKUP = /[\\`*_[\]<>]/g;
/** What opens a block at the start of a line: a heading, a list item, a thematic break, a ~~~ fence. */
const BLOCK_START = /^(?:#{1,6}(?=\s|$)|[-+](?=\s|$)|-(?=-)|~(?=~~))/;
/** An "&" that would be read as a character reference ("&#106;", "&lt;"); "R&D" stays as it is. */
const REFERENCE = /&(?=#?[a-z0-9]+;)/gi;

/**
 * Text for a place in a line of Markdown (a heading, a list item, a quote, link text): one line,
 * with every character that could start markup escaped. A full stop, a comma or a "#" inside a
 * word stay as they are; what would open a block at the start (a list marker, a heading, a
 * fence, a thematic break) or close a heading at the end is escaped.
 */
export function markdownText(text: string): string {
  return text
    .replace(BREAKS, " ")
    .trim()
    .replace(INLINE_MARKUP, "\\$&")
    .replace(REFERENCE, "\\&")
    .replace(BLOCK_START, "\\$&")
    .replace(/^(\d{1,9})([.)])(?=\s|$)/, "$1\\$2")
    .replace(/ (#+)$/, " \\$1");
}

/** Characters that could end a link destination or an autolink, or that no address holds as typed. */
const ENDS_AN_ADDRESS = /[\s\p{Cc}<>()[\]`"'\\]/gu;

const percentEncoded = (char: string) =>
  Array.from(new TextEncoder().encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");

function parsed(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * An address as a Markdown link or autolink can hold it, or null when it must not become a link:
 * only an absolute http(s) address on a host, without user info. It is written as stored, with
 * every character that could end the link (spaces, "<", ">", "(", ")", brackets, quotes,
 * backticks, backslashes, line breaks) percent-encoded; an address that would then name another
 * host (one a backslash or bracket made ambiguous) is not a link either.
 */
export function markdownUrl(address: string): string | null {
  const value = address.trim();
  if (!/^https?:\/\//i.test(value)) return null;
  const url = parsed(value);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:") || url.hostname === "") return null;
  if (url.username !== "" || url.password !== "") return null;
  const encoded = value.replace(ENDS_AN_ADDRESS, percentEncoded);
  const written = parsed(encoded);
  return written && written.protocol === url.protocol && written.hostname === url.hostname ? encoded : null;
}

/** `[text](address)`, or the text alone when the address may not be a link. */
export function markdownLink(text: string, address: string): string {
  const url = markdownUrl(address);
  const label = markdownText(text);
  if (!url) return label;
  return `[${label || url}](${url})`;
}

/** `<address>`, or the address as plain text when it may not be a link. */
export function markdownAutolink(address: string): string {
  const url = markdownUrl(address);
  return url ? `<${url}>` : markdownText(address);
}

/** An href or src of stored rich text as an absolute address: a path is on this site. */
function resolved(reference: string, siteUrl: string): string {
  const value = reference.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("//")) return value;
  try {
    return absoluteUrl(siteUrl, value);
  } catch {
    return value;
  }
}

/**
 * Stored rich text, sanitized as the page shows it, then written as Markdown by Turndown, with
 * the writer's rules on top: text escapes "<" and character references too, links and images
 * keep only an http(s) address (a path is made absolute on `siteUrl`; mailto: and anything else
 * leave their text), and titles are dropped.
 */
/** Turndown and its DOM, loaded by the first Markdown twin rather than at start-up (decision 201). */
const loadTurndown = loadOnce(() => import("turndown").then((module) => module.default));

export async function richTextToMarkdown(html: string, siteUrl: string): Promise<string> {
  const TurndownService = await loadTurndown();
  const turndown = new TurndownService({ headingStyle: "atx", bulletListMarker: "-", codeBlockStyle: "fenced" });
  const escape = turndown.escape.bind(turndown);
  turndown.escape = (text: string) => escape(text).replace(/</g, "\\<").replace(REFERENCE, "\\&");
  turndown.addRule("link", {
    filter: (node) => node.nodeName === "A" && node.getAttribute("href") !== null,
    replacement: (content, node) => {
      const url = markdownUrl(resolved((node as HTMLElement).getAttribute("href") ?? "", siteUrl));
      return url && content.trim() !== "" ? `[${content}](${url})` : content;
    },
  });
  turndown.addRule("image", {
    filter: "img",
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const alt = markdownText(element.getAttribute("alt") ?? "");
      const url = markdownUrl(resolved(element.getAttribute("src") ?? "", siteUrl));
      return url ? `![${alt}](${url})` : alt;
    },
  });
  return turndown.turndown(sanitizeRichText(html)).trim();
}
