import { absoluteUrl } from "~/lib/seo";
import { siteBranding } from "../branding.server";
import { cdata, escapeHtml, escapeXml } from "./xml.server";

/** One entry of a feed, whatever it is written as. */
export type FeedItem = {
  id: string;
  url: string;
  title: string;
  /** Plain text. */
  summary: string;
  /** Sanitized HTML. */
  contentHtml: string;
  published: Date;
  modified: Date;
  author?: string;
  tags: string[];
  image?: string | null;
};

export type Feed = {
  title: string;
  description: string;
  /** The page the feed follows, and the feed's own address, both site paths. */
  homePath: string;
  feedPath: string;
  items: FeedItem[];
};

/**
 * What makes an RSS feed readable when a person opens it in a browser (decision 184): a CSS
 * stylesheet for the bare XML, and a script in the XHTML namespace that turns the feed into a page
 * with links and "Copy this address into your reader". Both are files in `public/`, from this
 * origin, so the Content-Security-Policy every response carries lets them work. Feed readers
 * ignore both: a processing instruction, and an element in a namespace they do not know.
 */
export const FEED_STYLESHEET_PATH = "/feed.css";
export const FEED_SCRIPT_PATH = "/feed.js";

/** RSS 2.0, with each item's full content and the feed's own address (Atom self link). */
export function renderRss(feed: Feed, siteUrl: string): string {
  const items = feed.items.map((item) =>
    [
      "<item>",
      `<title>${escapeXml(item.title)}</title>`,
      `<link>${escapeXml(item.url)}</link>`,
      `<guid isPermaLink="false">${escapeXml(item.id)}</guid>`,
      `<pubDate>${item.published.toUTCString()}</pubDate>`,
      item.author ? `<dc:creator>${escapeXml(item.author)}</dc:creator>` : "",
      ...item.tags.map((tag) => `<category>${escapeXml(tag)}</category>`),
      // An item's description is HTML to readers: the plain-text summary is escaped as HTML first,
      // so a "<" or "&" in it stays a character instead of becoming markup or a broken entity.
      `<description>${cdata(escapeHtml(item.summary))}</description>`,
      `<content:encoded>${cdata(item.contentHtml)}</content:encoded>`,
      "</item>",
    ].join(""),
  );
  const lastBuild = feed.items.reduce((latest, item) => (item.modified > latest ? item.modified : latest), new Date(0));
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<?xml-stylesheet type="text/css" href="${FEED_STYLESHEET_PATH}"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    "<channel>",
    `<title>${escapeXml(feed.title)}</title>`,
    `<link>${escapeXml(absoluteUrl(siteUrl, feed.homePath))}</link>`,
    `<description>${escapeXml(feed.description)}</description>`,
    `<language>en</language>`,
    `<lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `<atom:link href="${escapeXml(absoluteUrl(siteUrl, feed.feedPath))}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    // Last, so the whole feed is in the document when it runs.
    `<script xmlns="http://www.w3.org/1999/xhtml" src="${FEED_SCRIPT_PATH}" defer="defer"></script>`,
    "</rss>",
    "",
  ].join("\n");
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function renderJsonFeed(feed: Feed, siteUrl: string): string {
  return JSON.stringify({
    version: "https://jsonfeed.org/version/1.1",
    title: feed.title,
    home_page_url: absoluteUrl(siteUrl, feed.homePath),
    feed_url: absoluteUrl(siteUrl, feed.feedPath),
    description: feed.description,
    language: "en",
    authors: [{ name: siteBranding.name, url: absoluteUrl(siteUrl, "/") }],
    items: feed.items.map((item) => ({
      id: item.id,
      url: item.url,
      title: item.title,
      summary: item.summary,
      content_html: item.contentHtml,
      date_published: item.published.toISOString(),
      date_modified: item.modified.toISOString(),
      ...(item.author ? { authors: [{ name: item.author }] } : {}),
      ...(item.tags.length > 0 ? { tags: item.tags } : {}),
      ...(item.image ? { image: absoluteUrl(siteUrl, item.image) } : {}),
    })),
  });
}

export const FEED_TYPES = {
  // Not application/rss+xml: Chromium shows that as plain text, where no stylesheet or script
  // applies. Readers read the feed whatever it is labelled; pages still announce it with
  // <link rel="alternate" type="application/rss+xml"> (decision 184).
  rss: "application/xml; charset=utf-8",
  json: "application/feed+json; charset=utf-8",
} as const;

/** A feed answer: cached five minutes, like the pages it follows. */
export function feedResponse(feed: Feed, siteUrl: string, format: keyof typeof FEED_TYPES): Response {
  const body = format === "rss" ? renderRss(feed, siteUrl) : renderJsonFeed(feed, siteUrl);
  return new Response(body, {
    headers: { "Content-Type": FEED_TYPES[format], "Cache-Control": "public, max-age=300" },
  });
}
