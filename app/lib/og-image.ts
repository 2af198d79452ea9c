/**
 * The share images (Open Graph, Twitter): what each card shows, its address and its alternative
 * text. Pages build the address in their meta function and the server renders the same card from
 * the database (server/og/), so both derive the address's version from the same fields: when a
 * field a card shows changes, the card gets a new address and nobody's cached copy is used again
 * (decision 099).
 */
import { formatDate, formatRating, formatVoteCount } from "./format";

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
export const OG_IMAGE_TYPE = "image/png";

/** Raise when the cards' design changes, so every card gets a new address. */
export const OG_DESIGN_VERSION = 1;

export type ToolCardFields = {
  slug: string;
  name: string;
  tagline: string | null;
  category: string;
  rating: number | null;
  voteCount: number;
  /** The logo's address as stored on the tool (an upload, or an outside URL the card does not fetch). */
  image: string | null;
};

export type ArticleCardFields = {
  slug: string;
  title: string;
  author: string;
  /** yyyy-mm-dd */
  date: string;
  image: string | null;
};

export type TagCardFields = { slug: string; name: string };

/** One share card: what it shows, apart from the site's tagline, which only the site card draws. */
export type OgCard =
  | { kind: "tool"; siteName: string; tool: ToolCardFields }
  | { kind: "article"; siteName: string; article: ArticleCardFields }
  | { kind: "category"; siteName: string; category: string }
  | { kind: "tag"; siteName: string; tag: TagCardFields }
  | { kind: "site"; siteName: string };

export type OgImage = { path: string; alt: string };

/**
 * A short, stable hash of a text (cyrb53): the same in the browser and on the server, where meta
 * functions run. Not for secrets; collisions only matter between versions of one card.
 */
function shortHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** A card's fields as one list, in a fixed order, so the version does not depend on how an object was built. */
function cardFields(card: OgCard): unknown[] {
  switch (card.kind) {
    case "tool": {
      const { slug, name, tagline, category, rating, voteCount, image } = card.tool;
      return [slug, name, tagline, category, rating, voteCount, image];
    }
    case "article": {
      const { slug, title, author, date, image } = card.article;
      return [slug, title, author, date, image];
    }
    case "category":
      return [card.category];
    case "tag":
      return [card.tag.slug, card.tag.name];
    case "site":
      return [];
  }
}

/** The card's version: changes with any field it shows, the site's name and the design. */
export function ogCardVersion(card: OgCard): string {
  return shortHash(JSON.stringify([OG_DESIGN_VERSION, card.kind, card.siteName, ...cardFields(card)]));
}

/** A category's name in an address: "Social Media" -> "social-media" (categoryFromAddress reads it back). */
export const categoryImageName = (category: string) => category.toLowerCase().replace(/\s+/g, "-");

/** The card's address without its version: /og/tool/chatgpt.png, /og/site.png. */
export function ogCardBasePath(card: OgCard): string {
  switch (card.kind) {
    case "tool":
      return `/og/tool/${encodeURIComponent(card.tool.slug)}.png`;
    case "article":
      return `/og/article/${encodeURIComponent(card.article.slug)}.png`;
    case "category":
      return `/og/category/${encodeURIComponent(categoryImageName(card.category))}.png`;
    case "tag":
      return `/og/tag/${encodeURIComponent(card.tag.slug)}.png`;
    case "site":
      return "/og/site.png";
  }
}

/** One sentence that says what the image shows, for og:image:alt and twitter:image:alt. */
export function ogCardAlt(card: OgCard): string {
  switch (card.kind) {
    case "tool": {
      const { name, tagline, category, rating, voteCount } = card.tool;
      const rated =
        rating !== null && voteCount > 0
          ? `, rated ${formatRating(rating)} out of 5 from ${formatVoteCount(voteCount)}`
          : "";
      return `${name}, a ${category} AI tool on ${card.siteName}${rated}${tagline ? `: ${tagline}` : "."}`;
    }
    case "article": {
      const { title, author, date } = card.article;
      return `"${title}", an article by ${author} published on ${formatDate(date)} on ${card.siteName}.`;
    }
    case "category":
      return `${card.category} AI tools, compared and rated on ${card.siteName}.`;
    case "tag":
      return `AI tools tagged ${card.tag.name}, compared and rated on ${card.siteName}.`;
    case "site":
      return `${card.siteName}, a directory of AI tools.`;
  }
}

/** The card's image for a page's meta: its versioned address and its alternative text. */
export function ogImage(card: OgCard): OgImage {
  return { path: `${ogCardBasePath(card)}?v=${ogCardVersion(card)}`, alt: ogCardAlt(card) };
}
