import type { MetaDescriptor } from "react-router";
import { errorPageText, type ErrorTexts } from "./error-page-text";
import { OG_IMAGE_HEIGHT, OG_IMAGE_TYPE, OG_IMAGE_WIDTH, ogImage, type OgImage } from "./og-image";
import { siteNameFromMatches } from "./site";

type JsonLd = Record<string, unknown>;

export type PageSeo = {
  title: string;
  description: string;
  /** The page's canonical path, e.g. /tool/chatgpt; null for an error page, which is not its address's content. */
  path: string | null;
  siteUrl: string;
  /** The configured site name (og:site_name). */
  siteName: string;
  /** The page's share image (og-image.ts); the site's own card when the page has none of its own. */
  image?: OgImage;
  type?: "website" | "article";
  /** The page's structured data; without it the page is described as a schema.org `pageType`. */
  jsonLd?: JsonLd[];
  /** The schema.org type of a page without JSON-LD of its own: "WebPage" unless said. */
  pageType?: "WebPage" | "AboutPage";
  /** true: "noindex"; "follow": "noindex, follow" (a filtered or later page whose links still count). */
  noindex?: boolean | "follow";
};

/** Absolute URL for a path or an already absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  return new URL(pathOrUrl, `${siteUrl}/`).toString();
}

/** Text for a meta description: tags stripped, whitespace collapsed, cut at a word near 160 characters. */
export function describe(text: string, max = 160): string {
  const plain = text
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), max - 30)).trimEnd()}…`;
}

/**
 * Every page's head: title, description, canonical link, Open Graph, Twitter and JSON-LD.
 * React Router renders these as elements and escapes JSON-LD, so database text cannot break out.
 */
export function seoMeta(seo: PageSeo): MetaDescriptor[] {
  const url = seo.path === null ? null : absoluteUrl(seo.siteUrl, seo.path);
  const image = seo.image ?? ogImage({ kind: "site", siteName: seo.siteName });
  const imageUrl = absoluteUrl(seo.siteUrl, image.path);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    ...(url ? [{ tagName: "link", rel: "canonical", href: url }] : []),
    { property: "og:site_name", content: seo.siteName },
    { property: "og:type", content: seo.type ?? "website" },
    // The pages are written in English (<html lang="en">).
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    ...(url ? [{ property: "og:url", content: url }] : []),
    // Always a PNG of our own (server/og/): networks do not show an SVG, and a logo is no 1200x630 card.
    { property: "og:image", content: imageUrl },
    { property: "og:image:type", content: OG_IMAGE_TYPE },
    { property: "og:image:width", content: String(OG_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(OG_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: image.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  ];
  // "follow": the page itself stays out of the index, but the links on it are followed.
  if (seo.noindex) tags.push({ name: "robots", content: seo.noindex === "follow" ? "noindex, follow" : "noindex" });
  // The spec asks every page for structured data: a page that names none is at least a WebPage.
  const jsonLd = seo.jsonLd ?? [webPageJsonLd({ ...seo, url })];
  for (const item of jsonLd) tags.push({ "script:ld+json": item });
  return tags;
}

function webPageJsonLd(
  page: Pick<PageSeo, "title" | "description" | "siteName" | "siteUrl" | "pageType"> & { url: string | null },
) {
  return {
    "@context": "https://schema.org",
    "@type": page.pageType ?? "WebPage",
    name: page.title,
    description: page.description,
    ...(page.url ? { url: page.url } : {}),
    isPartOf: { "@type": "WebSite", name: page.siteName, url: absoluteUrl(page.siteUrl, "/") },
  };
}

type Matches = readonly ({ id: string; data?: unknown } | undefined)[];

/** A page of the admin area: "{heading} - Admin", its own address, the full head, never indexed. */
export function adminPageMeta(matches: Matches, location: { pathname: string }, heading: string): MetaDescriptor[] {
  return personalPageMeta(matches, {
    title: `${heading} - Admin`,
    description: `${heading}, in the administration of the directory.`,
    path: location.pathname,
  });
}

/**
 * The head of a page that is one person's own (an account, a form, a link from an email): the full
 * metadata every page carries, kept out of search indexes.
 */
export function personalPageMeta(
  matches: Matches,
  page: { title: string; description: string; path: string },
): MetaDescriptor[] {
  const siteName = siteNameFromMatches(matches);
  return seoMeta({
    ...page,
    title: `${page.title} | ${siteName}`,
    siteName,
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
}

/**
 * The head of an error page (a 404, a 503), in the words its body shows (errorPageText with the
 * route's own texts): the full metadata but no canonical link and no og:url,
 * since what it shows is not the content of its address, and kept out of search indexes (decision 145).
 */
export function errorPageMeta(matches: Matches, error: unknown, texts: ErrorTexts = {}): MetaDescriptor[] {
  const { title: heading, message: description } = errorPageText(error, texts);
  const siteName = siteNameFromMatches(matches);
  const siteUrl = siteUrlFromMatches(matches);
  const title = `${heading} | ${siteName}`;
  // The root loader itself failed: without the site's origin no address in the head can be absolute.
  if (!siteUrl)
    return [{ title }, { name: "description", content: description }, { name: "robots", content: "noindex" }];
  return seoMeta({ title, description, path: null, siteName, siteUrl, noindex: true });
}

/** The site's origin, from the root loader (meta functions run on both sides). */
export function siteUrlFromMatches(matches: Matches): string {
  const root = matches.find((match) => match?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}
