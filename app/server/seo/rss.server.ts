import { absoluteUrl } from "~/lib/seo";
import { siteBranding } from "../branding.server";
import { listToolsForFeed } from "../catalog/tools.server";
import { listArticlesForFeed } from "../content/articles.server";
import { sanitizeRichText } from "../content/sanitize-html.server";
import type { Database } from "../db/client.server";
import type { Feed } from "./feeds.server";

const FEED_LENGTH = 50;

/** The newest published articles with their full (sanitized) content: `/blog/rss.xml`, `/blog/feed.json`. */
export async function articlesFeed({
  db,
  siteUrl,
  feedPath,
}: {
  db: Database;
  siteUrl: string;
  feedPath: string;
}): Promise<Feed> {
  const rows = await listArticlesForFeed({ db, limit: FEED_LENGTH });
  return {
    title: `${siteBranding.name} Blog`,
    description: "Guides, comparisons and explainers about AI tools.",
    homePath: "/blog",
    feedPath,
    items: rows.map((article) => ({
      id: article.id,
      url: absoluteUrl(siteUrl, `/article/${encodeURIComponent(article.slug)}`),
      title: article.title,
      summary: article.excerpt,
      contentHtml: sanitizeRichText(article.content),
      published: new Date(`${article.date}T00:00:00Z`),
      modified: new Date(article.updatedAt),
      author: article.author,
      tags: [article.category],
      image: article.image,
    })),
  };
}

/** The newest tools, of one category or all: `/tools/rss.xml`, `/tools/feed.json`, `/category/{name}/rss.xml`. */
export async function toolsFeed({
  db,
  siteUrl,
  category,
  feedPath,
}: {
  db: Database;
  siteUrl: string;
  category: string | null;
  feedPath: string;
}): Promise<Feed> {
  const rows = await listToolsForFeed({ db, category, limit: FEED_LENGTH });
  return {
    title: category ? `New ${category} AI tools on ${siteBranding.name}` : `New AI tools on ${siteBranding.name}`,
    description: category
      ? `The newest ${category} tools in the ${siteBranding.name} directory.`
      : `The newest tools in the ${siteBranding.name} directory.`,
    homePath: category ? `/category/${encodeURIComponent(category)}` : "/",
    feedPath,
    items: rows.map((tool) => ({
      id: tool.id,
      url: absoluteUrl(siteUrl, `/tool/${encodeURIComponent(tool.slug)}`),
      title: tool.name,
      summary: tool.tagline ?? `${tool.name}, a ${tool.category} tool.`,
      contentHtml: sanitizeRichText(tool.description),
      published: new Date(tool.createdAt),
      modified: new Date(tool.updatedAt),
      tags: [tool.category],
      image: tool.image,
    })),
  };
}
