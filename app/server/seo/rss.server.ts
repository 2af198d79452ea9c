import { absoluteUrl } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { listArticlesForFeed } from "../content/articles.server";
import { sanitizeRichText } from "../content/sanitize-html.server";
import type { Database } from "../db/client.server";
import { cdata, escapeXml } from "./xml.server";

/** RSS 2.0 feed of the newest published articles, with their full (sanitized) content. */
export async function buildArticlesFeed({ db, siteUrl }: { db: Database; siteUrl: string }): Promise<string> {
  const rows = await listArticlesForFeed({ db, limit: 50 });
  const feedUrl = absoluteUrl(siteUrl, "/blog/rss.xml");
  const items = rows.map((article) => {
    const url = absoluteUrl(siteUrl, `/article/${encodeURIComponent(article.slug)}`);
    const published = new Date(`${article.date}T00:00:00Z`).toUTCString();
    return [
      "<item>",
      `<title>${escapeXml(article.title)}</title>`,
      `<link>${escapeXml(url)}</link>`,
      `<guid isPermaLink="false">${escapeXml(article.id)}</guid>`,
      `<pubDate>${published}</pubDate>`,
      `<dc:creator>${escapeXml(article.author)}</dc:creator>`,
      `<category>${escapeXml(article.category)}</category>`,
      `<description>${escapeXml(article.excerpt)}</description>`,
      `<content:encoded>${cdata(sanitizeRichText(article.content))}</content:encoded>`,
      "</item>",
    ].join("");
  });
  const lastBuild = rows[0] ? new Date(rows[0].updatedAt).toUTCString() : new Date(0).toUTCString();
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">`,
    "<channel>",
    `<title>${escapeXml(`${SITE_NAME} Blog`)}</title>`,
    `<link>${escapeXml(absoluteUrl(siteUrl, "/blog"))}</link>`,
    `<description>Guides, comparisons and explainers about AI tools.</description>`,
    `<language>en</language>`,
    `<lastBuildDate>${lastBuild}</lastBuildDate>`,
    `<atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
