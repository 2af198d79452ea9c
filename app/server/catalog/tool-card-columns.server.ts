import { Column, is, SQL, sql } from "drizzle-orm";
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

const cardColumns = Object.entries(toolCardColumns);

/**
 * The same columns for a statement written in SQL, named as ToolCard names them: the search's ranking statement
 * reads them with its page (decision 206). The tool's id is the statement's own.
 */
export const toolCardSql = sql.join(
  cardColumns
    .filter(([key]) => key !== "id")
    .map(([key, column]) => sql`${is(column, SQL.Aliased) ? column.sql : column} as ${sql.identifier(key)}`),
  sql`, `,
);

/** A row read with toolCardSql (and the tool's id) as a card, each value mapped as drizzle maps its column. */
export function toolCardFromRow(row: Record<string, unknown>): ToolCard {
  return Object.fromEntries(
    cardColumns.map(([key, column]) => {
      const value = row[key];
      return [key, value !== null && is(column, Column) ? column.mapFromDriverValue(value) : value];
    }),
  ) as ToolCard;
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
