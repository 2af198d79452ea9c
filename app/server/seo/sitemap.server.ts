import { absoluteUrl } from "~/lib/seo";
import { comparePath } from "~/lib/compare";
import { listTopComparisons } from "../catalog/alternatives.server";
import { listTagsInUse } from "../catalog/tags.server";
import { listToolSitemapEntries } from "../catalog/tools.server";
import { listArticleSitemapEntries } from "../content/articles.server";
import type { Database } from "../db/client.server";
import { listRecentChanges } from "../freshness/change-log.server";
import { escapeXml } from "./xml.server";

type Entry = { path: string; lastmod?: Date };

/**
 * Every public page with its last change: home, static pages, the change log, categories, tags,
 * tools, their alternatives and top comparisons, and articles. A tool's lastmod is its updated_at,
 * which moves only when one of its facts changes (updateTool), so crawlers come back for real news.
 */
export async function buildSitemap({ db, siteUrl }: { db: Database; siteUrl: string }): Promise<string> {
  const [toolRows, articleRows, tagRows, comparisons, latestChanges] = await Promise.all([
    listToolSitemapEntries({ db }),
    listArticleSitemapEntries({ db }),
    listTagsInUse({ db }),
    listTopComparisons({ db }),
    listRecentChanges({ db, pageSize: 1 }),
  ]);

  const newest = (dates: Date[]) =>
    dates.reduce<Date | undefined>((latest, date) => (!latest || date > latest ? date : latest), undefined);
  const lastChangeIn = new Map<string, Date>();
  for (const row of toolRows) {
    const known = lastChangeIn.get(row.category);
    if (!known || row.updatedAt > known) lastChangeIn.set(row.category, row.updatedAt);
  }
  const lastToolChange = newest([...lastChangeIn.values()]);
  const toolsIn = new Map<string, number>();
  for (const row of toolRows) toolsIn.set(row.category, (toolsIn.get(row.category) ?? 0) + 1);
  const lastArticleChange = newest(articleRows.map((row) => row.updatedAt));
  const categories = [...lastChangeIn.keys()].sort();

  const entries: Entry[] = [
    { path: "/", lastmod: newest([lastToolChange, lastArticleChange].filter((date): date is Date => !!date)) },
    { path: "/blog", lastmod: lastArticleChange },
    { path: "/changes", lastmod: latestChanges.changes[0]?.createdAt },
    { path: "/about" },
    { path: "/privacy" },
    { path: "/terms" },
    ...categories.map((name) => ({ path: `/category/${encodeURIComponent(name)}`, lastmod: lastChangeIn.get(name) })),
    // Tags with tools only: an empty tag page would be a thin page.
    ...tagRows.map((tag) => ({ path: `/tag/${encodeURIComponent(tag.slug)}` })),
    ...toolRows.map((row) => ({ path: `/tool/${encodeURIComponent(row.slug)}`, lastmod: row.updatedAt })),
    // A tool with another in its category has alternatives; a tool alone there may have none.
    ...toolRows
      .filter((row) => (toolsIn.get(row.category) ?? 0) > 1)
      .map((row) => ({ path: `/tool/${encodeURIComponent(row.slug)}/alternatives` })),
    // Each tool compared with its top 3 alternatives: the comparisons people search for.
    ...comparisons.map((pair) => ({ path: comparePath(pair.map(encodeURIComponent)) })),
    ...articleRows.map((row) => ({ path: `/article/${encodeURIComponent(row.slug)}`, lastmod: row.updatedAt })),
  ];

  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : "";
    return `<url><loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
