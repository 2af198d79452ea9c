import { absoluteUrl } from "./seo";
import type { SiteBranding } from "./site";

type JsonLd = Record<string, unknown>;

export function websiteJsonLd(siteUrl: string, site: Pick<SiteBranding, "name" | "description">): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: site.name,
    description: site.description,
    url: absoluteUrl(siteUrl, "/"),
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(siteUrl, "/")}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

export function breadcrumbJsonLd(siteUrl: string, trail: { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

export function softwareApplicationJsonLd(
  siteUrl: string,
  tool: {
    name: string;
    slug: string;
    description: string;
    category: string;
    image: string | null;
    website: string | null;
    rating: number | null;
    voteCount: number;
  },
): JsonLd {
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    description: tool.description,
    applicationCategory: `${tool.category} AI tool`,
    operatingSystem: "Web",
    url: absoluteUrl(siteUrl, `/tool/${tool.slug}`),
  };
  if (tool.image) data.image = absoluteUrl(siteUrl, tool.image);
  if (tool.website) data.sameAs = tool.website;
  // Search engines reject an AggregateRating without votes, so it appears only with some.
  if (tool.voteCount > 0 && tool.rating != null) {
    data.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: Number(tool.rating.toFixed(2)),
      ratingCount: tool.voteCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

export function blogPostingJsonLd(
  siteUrl: string,
  article: {
    id: string;
    slug: string;
    title: string;
    excerpt: string;
    author: string;
    date: string;
    updatedAt: string;
    category: string;
    image: string | null;
    keywords: string[] | null;
  },
  publisherName: string,
): JsonLd {
  const url = absoluteUrl(siteUrl, `/article/${article.slug}`);
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": url,
    identifier: article.id,
    headline: article.title,
    description: article.excerpt,
    author: { "@type": "Person", name: article.author },
    publisher: { "@type": "Organization", name: publisherName, url: absoluteUrl(siteUrl, "/") },
    datePublished: article.date,
    dateModified: article.updatedAt,
    articleSection: article.category,
    mainEntityOfPage: url,
    url,
  };
  if (article.image) data.image = absoluteUrl(siteUrl, article.image);
  if (article.keywords?.length) data.keywords = article.keywords.join(", ");
  return data;
}

export function collectionPageJsonLd(
  siteUrl: string,
  page: { name: string; description: string; path: string; items: { name: string; slug: string }[]; offset: number },
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "CollectionPage",
    name: page.name,
    description: page.description,
    url: absoluteUrl(siteUrl, page.path),
    mainEntity: {
      "@type": "ItemList",
      itemListElement: page.items.map((item, index) => ({
        "@type": "ListItem",
        position: page.offset + index + 1,
        name: item.name,
        url: absoluteUrl(siteUrl, `/tool/${item.slug}`),
      })),
    },
  };
}
