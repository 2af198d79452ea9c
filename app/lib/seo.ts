import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "./site";

type JsonLd = Record<string, unknown>;

export type PageSeo = {
  title: string;
  description: string;
  /** The page's canonical path, e.g. /tool/chatgpt. */
  path: string;
  siteUrl: string;
  image?: string | null;
  type?: "website" | "article";
  jsonLd?: JsonLd[];
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
  const url = absoluteUrl(seo.siteUrl, seo.path);
  const image = seo.image ? absoluteUrl(seo.siteUrl, seo.image) : undefined;
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
  ];
  if (image) tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  // "follow": the page itself stays out of the index, but the links on it are followed.
  if (seo.noindex) tags.push({ name: "robots", content: seo.noindex === "follow" ? "noindex, follow" : "noindex" });
  for (const item of seo.jsonLd ?? []) tags.push({ "script:ld+json": item });
  return tags;
}

/** The site's origin, from the root loader (meta functions run on both sides). */
export function siteUrlFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): string {
  const root = matches.find((match) => match?.id === "root")?.data as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}
