import { Parser } from "htmlparser2";

/**
 * Where a website keeps its icons, best first (decision 103): the apple-touch-icon (180 px and
 * square, made to sit on a home screen), then `<link rel="icon">` (SVG first, then the largest
 * declared size), then the page's og:image (a share picture, often a wide banner), and last the
 * /favicon.ico every browser asks for. Only http(s) addresses are kept, each once.
 */

export type IconCandidate = { url: string; source: "apple-touch-icon" | "icon" | "og:image" | "favicon.ico" };

type Ranked = IconCandidate & { rank: number; order: number };

/** The largest side a `sizes` attribute names; "any" (a scalable icon) counts as the largest. */
function largestDeclaredSide(sizes: string | undefined): number {
  if (!sizes) return 0;
  let largest = 0;
  for (const size of sizes.toLowerCase().split(/\s+/)) {
    if (size === "any") return Number.MAX_SAFE_INTEGER;
    const match = /^(\d+)x(\d+)$/.exec(size);
    if (match) largest = Math.max(largest, Math.min(Number(match[1]), Number(match[2])));
  }
  return largest;
}

function isSvgLink(attributes: Record<string, string>): boolean {
  return attributes.type?.toLowerCase().trim() === "image/svg+xml" || /\.svg(?:$|[?#])/i.test(attributes.href ?? "");
}

/**
 * The page's icon candidates, best first. `html` is the start of the page (reading stops at the
 * body: icons live in the head); relative addresses are resolved against `<base href>` or `pageUrl`.
 */
export function findIconCandidates(html: string, pageUrl: string): IconCandidate[] {
  const found: Ranked[] = [];
  let base = pageUrl;
  let baseSeen = false;
  let order = 0;
  let inBody = false;
  const absolute = (href: string | undefined): string | null => {
    if (!href?.trim()) return null;
    try {
      const url = new URL(href.trim(), base);
      return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
    } catch {
      return null;
    }
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        // Icons belong in the head; a page's body can hold anyone's markup (comments, embeds).
        if (name === "body") inBody = true;
        if (inBody) return;
        if (name === "base" && !baseSeen && attributes.href) {
          // Only the first <base> counts, as in a browser.
          baseSeen = true;
          base = absolute(attributes.href) ?? base;
          return;
        }
        if (name === "link") {
          const rel = (attributes.rel ?? "").toLowerCase().split(/\s+/);
          const url = absolute(attributes.href);
          if (!url) return;
          if (rel.includes("apple-touch-icon") || rel.includes("apple-touch-icon-precomposed")) {
            // Declared sizes order them; one without sizes is the classic 180 px.
            const side = largestDeclaredSide(attributes.sizes) || 180;
            found.push({ url, source: "apple-touch-icon", rank: 3_000_000 + side, order: order++ });
          } else if (rel.includes("icon")) {
            const side = isSvgLink(attributes) ? Number.MAX_SAFE_INTEGER : largestDeclaredSide(attributes.sizes);
            found.push({ url, source: "icon", rank: 2_000_000 + Math.min(side, 999_999), order: order++ });
          }
          return;
        }
        if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").toLowerCase();
          if (key === "og:image" || key === "og:image:url" || key === "og:image:secure_url") {
            const url = absolute(attributes.content);
            if (url) found.push({ url, source: "og:image", rank: 1_000_000, order: order++ });
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  // Browsers ask the page's own origin for it, whatever <base> says.
  found.push({ url: new URL("/favicon.ico", pageUrl).toString(), source: "favicon.ico", rank: 0, order });

  const seen = new Set<string>();
  return found
    .sort((a, b) => b.rank - a.rank || a.order - b.order)
    .filter((candidate) => !seen.has(candidate.url) && seen.add(candidate.url))
    .map(({ url, source }) => ({ url, source }));
}
