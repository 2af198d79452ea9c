/**
 * Links from an article to the catalogue's tool pages (issue 34, decision 182): the editor's tool
 * picker writes them, every save reads them back into `article_tools`, and the article page's
 * "Tools in this article" box and the tool page's "Related articles" are made from that table.
 */

/** The address of a tool's page, as the tool picker inserts it. */
export function toolPath(slug: string): string {
  return `/tool/${encodeURIComponent(slug)}`;
}

/** An href that is a tool's page: `/tool/{slug}`, optionally with more path, a query or a fragment. */
const TOOL_HREF = /^\/tool\/([^/?#]+)(?:[/?#]|$)/;
/** Every `<a ... href="...">` of sanitized HTML (the sanitizer writes attributes in double quotes). */
const ANCHOR_HREF = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The slug an href names when it is a tool page's path, else null. `.md` twins are not the page. */
export function toolSlugOfHref(href: string): string | null {
  const match = TOOL_HREF.exec(href.replace(/&amp;/g, "&"));
  if (!match) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  slug = slug.toLowerCase();
  return slug === "" || slug.endsWith(".md") ? null : slug;
}

/**
 * The tool slugs an article's HTML links to, once each in order of first link. Only site paths
 * count: the sanitizer has already turned this site's own absolute addresses into paths.
 */
export function toolSlugsInHtml(html: string): string[] {
  const slugs = new Set<string>();
  for (const match of html.matchAll(ANCHOR_HREF)) {
    const slug = toolSlugOfHref(match[1] ?? match[2] ?? match[3] ?? "");
    if (slug) slugs.add(slug);
  }
  return [...slugs];
}
