import { absoluteUrl } from "~/lib/seo";
import { comparePath } from "~/lib/compare";
import { listTopComparisons } from "../catalog/alternatives.server";
import {
  listCategorySitemapEntries,
  listTagSitemapEntries,
  newestToolChange,
  toolChangesBySlug,
  toolSitemapBatches,
  toolSitemapParts,
} from "../catalog/sitemap-entries.server";
import { listArticleSitemapEntries } from "../content/articles.server";
import type { Database } from "../db/client.server";
import { listRecentChanges } from "../freshness/change-log.server";
import { escapeXml } from "./xml.server";

/** The sitemaps protocol's most addresses in one file (sitemaps.org); a section past it is cut into more files. */
export const SITEMAP_URL_LIMIT = 50_000;
/** Tools read per query while a file is written (keyset pagination). */
export const SITEMAP_BATCH_SIZE = 5_000;

/** The sitemap index's children, each its own file (or files): `/sitemap-{section}.xml` (decision 102). */
export const SITEMAP_SECTIONS = [
  "pages",
  "categories",
  "tags",
  "tools",
  "alternatives",
  "comparisons",
  "articles",
] as const;
export type SitemapSection = (typeof SITEMAP_SECTIONS)[number];

/**
 * A section's file `part` (from 1): `/sitemap-tools.xml`, then `/sitemap-tools.xml?page=2`. At the
 * site's root, because a sitemap may only list addresses under its own directory.
 */
export function sitemapPath(section: SitemapSection, part: number): string {
  return part === 1 ? `/sitemap-${section}.xml` : `/sitemap-${section}.xml?page=${part}`;
}

type Entry = { path: string; lastmod?: Date };
type Sizing = { urlLimit?: number; batchSize?: number };

const XML_DECLARATION = `<?xml version="1.0" encoding="UTF-8"?>`;
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

const newest = (dates: readonly (Date | undefined)[]) =>
  dates.reduce<Date | undefined>((latest, date) => (date && (!latest || date > latest) ? date : latest), undefined);
const lastmodXml = (date: Date | undefined) => (date ? `<lastmod>${date.toISOString()}</lastmod>` : "");
const keysetSection = (section: SitemapSection): section is "tools" | "alternatives" =>
  section === "tools" || section === "alternatives";

/** Home, the static pages and the change log; home moves with the newest tool or article. */
async function pageEntries(db: Database): Promise<Entry[]> {
  const [lastToolChange, articleRows, latestChanges] = await Promise.all([
    newestToolChange({ db }),
    listArticleSitemapEntries({ db }),
    listRecentChanges({ db, pageSize: 1 }),
  ]);
  const lastArticleChange = newest(articleRows.map((row) => row.updatedAt));
  return [
    { path: "/", lastmod: newest([lastToolChange, lastArticleChange]) },
    { path: "/blog", lastmod: lastArticleChange },
    { path: "/changes", lastmod: latestChanges.changes[0]?.createdAt },
    { path: "/developers" },
    { path: "/about" },
    { path: "/privacy" },
    { path: "/terms" },
  ];
}

/** The sections small enough to read whole: at most a few thousand rows each. */
async function listedEntries(db: Database, section: Exclude<SitemapSection, "tools" | "alternatives">) {
  switch (section) {
    case "pages":
      return pageEntries(db);
    case "categories":
      return (await listCategorySitemapEntries({ db })).map((row): Entry => ({
        path: `/category/${encodeURIComponent(row.category)}`,
        lastmod: row.lastmod,
      }));
    // Tags with tools only: an empty tag page would be a thin page.
    case "tags":
      return (await listTagSitemapEntries({ db })).map((row): Entry => ({
        path: `/tag/${encodeURIComponent(row.slug)}`,
        lastmod: row.lastmod,
      }));
    // Each tool compared with its top 3 alternatives (none past 500 tools): the comparisons people
    // search for, each changed when either tool last did.
    case "comparisons": {
      const pairs = await listTopComparisons({ db });
      const changed = await toolChangesBySlug({ db, slugs: [...new Set(pairs.flat())] });
      return pairs.map((pair): Entry => ({
        path: comparePath(pair.map(encodeURIComponent)),
        lastmod: newest(pair.map((slug) => changed.get(slug))),
      }));
    }
    case "articles":
      return (await listArticleSitemapEntries({ db })).map((row): Entry => ({
        path: `/article/${encodeURIComponent(row.slug)}`,
        lastmod: row.updatedAt,
      }));
  }
}

/** Each file of a section, as the newest lastmod of its addresses; empty when the section has none. */
async function sectionParts(db: Database, section: SitemapSection, urlLimit: number): Promise<(Date | undefined)[]> {
  if (keysetSection(section)) {
    const parts = (await toolSitemapParts({ db, scope: section, urlLimit })).map((part) => part.lastmod);
    // An alternatives page changes with any tool of its category, not only its own: each file
    // takes the newest change among the tools that have one.
    if (section === "alternatives") return parts.map(() => newest(parts));
    return parts;
  }
  const entries = await listedEntries(db, section);
  const parts: (Date | undefined)[] = [];
  for (let start = 0; start < entries.length; start += urlLimit)
    parts.push(newest(entries.slice(start, start + urlLimit).map((entry) => entry.lastmod)));
  return parts;
}

/** File `part` of a section, a batch of addresses at a time. */
async function* sectionEntries(
  db: Database,
  section: SitemapSection,
  part: number,
  { urlLimit, batchSize }: Required<Sizing>,
): AsyncGenerator<Entry[]> {
  if (!keysetSection(section)) {
    yield (await listedEntries(db, section)).slice((part - 1) * urlLimit, part * urlLimit);
    return;
  }
  for await (const batch of toolSitemapBatches({ db, scope: section, part, urlLimit, batchSize })) {
    yield batch.map((row) =>
      section === "tools"
        ? { path: `/tool/${encodeURIComponent(row.slug)}`, lastmod: row.updatedAt }
        : // A tool with another in its category has alternatives; a tool alone there may have none.
          { path: `/tool/${encodeURIComponent(row.slug)}/alternatives` },
    );
  }
}

/**
 * The sitemap index (`/sitemap.xml`): every file of every section that has addresses, each with
 * the newest lastmod among its addresses. A tool's lastmod is its updated_at, which moves only
 * when one of its facts changes (updateTool, the status), never for a vote or a comment.
 */
export async function buildSitemapIndex({
  db,
  siteUrl,
  urlLimit = SITEMAP_URL_LIMIT,
}: {
  db: Database;
  siteUrl: string;
  urlLimit?: number;
}): Promise<string> {
  const sections = await Promise.all(
    SITEMAP_SECTIONS.map(async (section) => ({ section, parts: await sectionParts(db, section, urlLimit) })),
  );
  const files = sections.flatMap(({ section, parts }) =>
    parts.map(
      (lastmod, index) =>
        `<sitemap><loc>${escapeXml(absoluteUrl(siteUrl, sitemapPath(section, index + 1)))}</loc>${lastmodXml(lastmod)}</sitemap>`,
    ),
  );
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${files.join("\n")}\n</sitemapindex>\n`;
}

/** One file of a section (`<urlset>`), or null when the section has no such file. */
export async function buildSitemapFile({
  db,
  siteUrl,
  section,
  part,
  urlLimit = SITEMAP_URL_LIMIT,
  batchSize = SITEMAP_BATCH_SIZE,
}: {
  db: Database;
  siteUrl: string;
  section: SitemapSection;
  part: number;
} & Sizing): Promise<string | null> {
  const urls: string[] = [];
  for await (const batch of sectionEntries(db, section, part, { urlLimit, batchSize })) {
    for (const entry of batch)
      urls.push(`<url><loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>${lastmodXml(entry.lastmod)}</url>`);
  }
  // The protocol asks for at least one <url>: a file past the section's end does not exist.
  if (urls.length === 0) return null;
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join("\n")}\n</urlset>\n`;
}
