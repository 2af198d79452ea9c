import { sql } from "drizzle-orm";
import type { PricingModel } from "~/lib/pricing-model";
import { tools } from "../db/schema.server";

/** What a tool card shows: never the description, which can be long. */
export const toolCardColumns = {
  id: tools.id,
  slug: tools.slug,
  name: tools.name,
  category: tools.category,
  image: tools.image,
  tagline: tools.tagline,
  pricingModel: tools.pricingModel,
  startingPrice: tools.startingPrice,
  rating: tools.rating,
  voteCount: tools.voteCount,
  // The card shows at most 2 pros (spec section 9); slicing in SQL keeps rows small.
  pros: sql<string[]>`${tools.pros}[1:2]`.as("pros"),
  /** The facts lists filter on ("has:api", "platform:ios"): the card's badges (decision 167). */
  factFacets: tools.factFacets,
};

/**
 * The same columns for a statement written in SQL, named as ToolCard names them: the search's ranking statement
 * reads them with its page (decision 206). The rating as float8, a number on both engines as drizzle maps it.
 */
export const toolCardSql = sql`${tools.slug} as "slug", ${tools.name} as "name", ${tools.category} as "category",
  ${tools.image} as "image", ${tools.tagline} as "tagline", ${tools.pricingModel} as "pricingModel",
  ${tools.startingPrice} as "startingPrice", ${tools.rating}::float8 as "rating", ${tools.voteCount} as "voteCount",
  ${tools.pros}[1:2] as "pros", ${tools.factFacets} as "factFacets"`;

/** A row read with toolCardSql (and the tool's id) as a card. */
export function toolCardFromRow(row: Record<string, unknown>): ToolCard {
  return {
    id: row.id as string,
    slug: row.slug as string,
    name: row.name as string,
    category: row.category as string,
    image: (row.image as string | null) ?? null,
    tagline: (row.tagline as string | null) ?? null,
    pricingModel: (row.pricingModel as PricingModel | null) ?? null,
    startingPrice: (row.startingPrice as string | null) ?? null,
    rating: row.rating === null || row.rating === undefined ? null : Number(row.rating),
    voteCount: Number(row.voteCount),
    pros: (row.pros as string[] | null) ?? [],
    factFacets: (row.factFacets as string[] | null) ?? [],
  };
}

export type ToolCard = {
  id: string;
  slug: string;
  name: string;
  category: string;
  image: string | null;
  tagline: string | null;
  pricingModel: PricingModel | null;
  startingPrice: string | null;
  rating: number | null;
  voteCount: number;
  pros: string[];
  factFacets: string[];
};
