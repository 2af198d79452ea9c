import { pricingToPlans, type Pricing } from "./pricing";
import type { PricingModel } from "./pricing-model";
import { readPrice, type PriceAmount } from "./price-text";
import { absoluteUrl } from "./seo";
import type { SiteBranding } from "./site";

type JsonLd = Record<string, unknown>;

/** What structured data says about the site as a publisher: its name, address and logo. */
type Publisher = Pick<SiteBranding, "name" | "logoUrl" | "faviconUrl">;

/** The site as an Organization; the configured logo, else the favicon (the built-in mark). */
function organization(siteUrl: string, site: Publisher): JsonLd {
  return {
    "@type": "Organization",
    name: site.name,
    url: absoluteUrl(siteUrl, "/"),
    // An ImageObject rather than a bare address: Google accepts both, validators ask for logo.url.
    logo: { "@type": "ImageObject", url: absoluteUrl(siteUrl, site.logoUrl ?? site.faviconUrl) },
  };
}

export function organizationJsonLd(siteUrl: string, site: Publisher): JsonLd {
  return { "@context": "https://schema.org", ...organization(siteUrl, site) };
}

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

/**
 * Google's app types (its SoftwareApplication guide lists the values it accepts) for the
 * directory's categories; the category itself goes in applicationSubCategory.
 */
const APPLICATION_CATEGORIES: Record<string, string> = {
  Writing: "BusinessApplication",
  Image: "DesignApplication",
  Video: "MultimediaApplication",
  Audio: "MultimediaApplication",
  Business: "BusinessApplication",
  Development: "DeveloperApplication",
  Education: "EducationalApplication",
  Entertainment: "EntertainmentApplication",
  Finance: "FinanceApplication",
  Health: "HealthApplication",
  Productivity: "BusinessApplication",
  "Social Media": "SocialNetworkingApplication",
  Other: "UtilitiesApplication",
};
const DEFAULT_APPLICATION_CATEGORY = "UtilitiesApplication";

export function applicationCategoryOf(category: string): string {
  return APPLICATION_CATEGORIES[category] ?? DEFAULT_APPLICATION_CATEGORY;
}

type ToolPricing = { pricing: Pricing | null; pricingModel: PricingModel | null; startingPrice: string | null };

type PricedPlan = PriceAmount & { name: string | null };

/** The tool's plans that state a price, in the order the tool lists them. */
function pricedPlans(tool: ToolPricing): PricedPlan[] {
  const plans = pricingToPlans(tool.pricing).flatMap((plan) => {
    const price = readPrice(plan.price, plan.plan);
    return price ? [{ ...price, name: plan.plan }] : [];
  });
  if (plans.length > 0) return plans;
  // No plan says a price: the starting price and the pricing model are all there is to go by.
  const starting = tool.startingPrice ? readPrice(tool.startingPrice) : null;
  const fallback: PricedPlan[] = starting ? [{ ...starting, name: null }] : [];
  const freeToStart = tool.pricingModel === "free" || tool.pricingModel === "freemium";
  if (freeToStart && !fallback.some((plan) => plan.amount === 0))
    fallback.unshift({ amount: 0, currency: null, name: null });
  return tool.pricingModel === "free" ? fallback.filter((plan) => plan.amount === 0) : fallback;
}

/** The one currency the amounts are in, or null when they name none or several. */
function singleCurrency(plans: PricedPlan[]): string | null {
  const currencies = new Set(plans.flatMap((plan) => (plan.currency ? [plan.currency] : [])));
  return currencies.size === 1 ? [...currencies][0]! : null;
}

function offer(plan: PricedPlan, currency: string | null): JsonLd {
  const data: JsonLd = { "@type": "Offer" };
  if (plan.name) data.name = plan.name;
  data.price = plan.amount;
  if (currency) data.priceCurrency = currency;
  return data;
}

/**
 * The tool's offers: one Offer for one priced plan, an AggregateOffer over several, nothing when no
 * price is known. A free plan costs 0 in the currency its other plans use (0 is 0 in any of them).
 */
export function toolOffers(tool: ToolPricing): JsonLd | null {
  const plans = pricedPlans(tool);
  if (plans.length === 0) return null;
  const shared = singleCurrency(plans);
  const currencyOf = (plan: PricedPlan) => plan.currency ?? (plan.amount === 0 ? shared : null);
  if (plans.length === 1) return offer(plans[0]!, currencyOf(plans[0]!));
  const amounts = plans.map((plan) => plan.amount);
  const data: JsonLd = {
    "@type": "AggregateOffer",
    lowPrice: Math.min(...amounts),
    highPrice: Math.max(...amounts),
    offerCount: plans.length,
  };
  // Amounts in different currencies have no common low and high: no currency is claimed for them.
  if (shared && plans.every((plan) => currencyOf(plan) === shared)) data.priceCurrency = shared;
  data.offers = plans.map((plan) => offer(plan, currencyOf(plan)));
  return data;
}

export function softwareApplicationJsonLd(
  siteUrl: string,
  tool: ToolPricing & {
    name: string;
    slug: string;
    description: string;
    category: string;
    image: string | null;
    website: string | null;
    rating: number | null;
    voteCount: number;
  },
  reviews: readonly ReviewForJsonLd[] = [],
): JsonLd {
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "SoftwareApplication",
    name: tool.name,
    description: tool.description,
    applicationCategory: applicationCategoryOf(tool.category),
    applicationSubCategory: tool.category,
    operatingSystem: "Web",
    url: absoluteUrl(siteUrl, `/tool/${tool.slug}`),
  };
  if (tool.image) data.image = absoluteUrl(siteUrl, tool.image);
  if (tool.website) data.sameAs = tool.website;
  const offers = toolOffers(tool);
  if (offers) data.offers = offers;
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
  if (reviews.length > 0) data.review = reviews.map(reviewJsonLd);
  return data;
}

/** A member's review as the page shows it: real words on a real vote (issue 33), never a comment. */
export type ReviewForJsonLd = { authorName: string; rating: number; review: string; reviewedAt: Date | string };

function reviewJsonLd(review: ReviewForJsonLd): JsonLd {
  return {
    "@type": "Review",
    author: { "@type": "Person", name: review.authorName },
    reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5, worstRating: 1 },
    reviewBody: review.review,
    datePublished: new Date(review.reviewedAt).toISOString().slice(0, 10),
  };
}

/** Authors are names, not members with pages of their own: the site's about page stands for them. */
const AUTHOR_PAGE = "/about";

function person(siteUrl: string, name: string): JsonLd {
  return { "@type": "Person", name, url: absoluteUrl(siteUrl, AUTHOR_PAGE) };
}

/** Never before the publication date, which an admin may set after the last save. */
function modifiedDate(published: string, updated: string): string {
  return Date.parse(updated) < Date.parse(published) ? published : updated;
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
  { site, shareImage }: { site: Publisher; shareImage: string },
): JsonLd {
  const url = absoluteUrl(siteUrl, `/article/${article.slug}`);
  const data: JsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": url,
    identifier: article.id,
    headline: article.title,
    description: article.excerpt,
    // The article's own image, else its share card (og-image.ts), so there is always one.
    image: absoluteUrl(siteUrl, article.image ?? shareImage),
    author: person(siteUrl, article.author),
    publisher: organization(siteUrl, site),
    datePublished: article.date,
    dateModified: modifiedDate(article.date, article.updatedAt),
    articleSection: article.category,
    mainEntityOfPage: url,
    url,
  };
  if (article.keywords?.length) data.keywords = article.keywords.join(", ");
  return data;
}

/** /blog: the Blog and a summary of each post on the page. */
export function blogJsonLd(
  siteUrl: string,
  blog: {
    name: string;
    description: string;
    path: string;
    site: Publisher;
    posts: { slug: string; title: string; excerpt: string; author: string; date: string; image: string | null }[];
  },
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    name: blog.name,
    description: blog.description,
    url: absoluteUrl(siteUrl, blog.path),
    publisher: organization(siteUrl, blog.site),
    blogPost: blog.posts.map((post) => {
      const url = absoluteUrl(siteUrl, `/article/${post.slug}`);
      const summary: JsonLd = {
        "@type": "BlogPosting",
        "@id": url,
        headline: post.title,
        description: post.excerpt,
        author: person(siteUrl, post.author),
        datePublished: post.date,
        url,
      };
      if (post.image) summary.image = absoluteUrl(siteUrl, post.image);
      return summary;
    }),
  };
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
