/**
 * What a cached page shows, as tags (decision 096): the page cache, and a CDN in front through
 * Surrogate-Key and Cache-Tag, purge by them. A loader names what it shows with tagPage; a write
 * purges the tags of what it changed (context.purgePages).
 */

/** Every page carries it; purging it purges everything (a tag renamed, the layout changed). */
export const SITE_TAG = "site";
/** Pages whose membership or order depends on the whole catalogue: home, search, API lists, sitemap, feeds. */
export const TOOL_LIST_TAG = "list:tools";
/** The blog, its feeds, and the article lists of the API. */
export const ARTICLE_LIST_TAG = "list:articles";

export const toolTag = (id: string) => `tool:${id}`;
export const articleTag = (id: string) => `article:${id}`;
/** Category names may hold spaces, which separate Surrogate-Key tags. */
export const categoryTag = (name: string) => `category:${encodeURIComponent(name.toLowerCase())}`;
export const tagTag = (slug: string) => `tag:${slug}`;
/** A member's name and avatar, shown on their comments and profile. */
export const memberTag = (id: string) => `member:${id}`;

/**
 * The most a tag header may carry: CDNs accept 16 KB (Cloudflare's Cache-Tag, Fastly's
 * Surrogate-Key), and half of that leaves room for the other headers.
 */
export const MAX_TAG_HEADER_LENGTH = 8000;

/** The request's collector of tags, in context.pageTags; absent outside the HTTP server. */
export type PageTags = Set<string>;

/** Names what this page shows; a no-op where nothing collects (tests calling a loader directly). */
export function tagPage(context: { pageTags?: PageTags }, ...tags: string[]) {
  const collected = context.pageTags;
  if (collected) for (const tag of tags) collected.add(tag);
}

/** The tags a response is stored and sent with: SITE_TAG first, and a list too long for a header made broader. */
export function pageTagList(collected: Iterable<string>): string[] {
  const tags = [SITE_TAG, ...new Set(collected)].filter((tag, index) => index === 0 || tag !== SITE_TAG);
  if (tags.reduce((length, tag) => length + tag.length + 1, 0) <= MAX_TAG_HEADER_LENGTH) return tags;
  // Too many tools named one by one: the page is purged with the catalogue's lists instead.
  const broader = [...new Set(tags.map((tag) => (tag.startsWith("tool:") ? TOOL_LIST_TAG : tag)))];
  if (broader.reduce((length, tag) => length + tag.length + 1, 0) <= MAX_TAG_HEADER_LENGTH) return broader;
  return [SITE_TAG];
}

/** Surrogate-Key (Fastly and most CDNs: spaces) and Cache-Tag (Cloudflare: commas). */
export function tagHeaders(tags: readonly string[]): [string, string][] {
  return [
    ["surrogate-key", tags.join(" ")],
    ["cache-tag", tags.join(",")],
  ];
}

/** The tags of a stored response, read from its Surrogate-Key header; just SITE_TAG without one. */
export function tagsOfHeaders(headers: [string, string][]): string[] {
  const value = headers.find(([name]) => name.toLowerCase() === "surrogate-key")?.[1];
  return value ? value.split(" ").filter(Boolean) : [SITE_TAG];
}
