import { sql } from "drizzle-orm";
import type { PricingModel } from "~/lib/pricing-model";
import { tools } from "../db/schema.server";
import { rowOfSelection, selectionSql } from "../db/selections.server";

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

/** The card's columns for the search's ranking statement, which reads them with its page (decision 206). */
export const toolCardSql = selectionSql(toolCardColumns);

/** A row read with toolCardSql as a card, each value mapped as drizzle maps its column. */
export const toolCardFromRow = (row: Record<string, unknown>) => rowOfSelection<ToolCard>(toolCardColumns, row);

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
