/**
 * The facts a tool list filters on (issue 32, decisions 157 and 167): `has=` (repeatable, a tool
 * must have all of them) and `platform=` (repeatable, a tool must run on all of them), each the
 * name of one entry of tools.facets ("has:api", "platform:ios") that migration 0023's triggers
 * keep from tool_facts. Only a fact recorded as yes counts: an unknown fact never matches.
 *
 * The labels here are the lists' own short words; app/lib/tool-facts.ts names the facts on the
 * tool page (the two are meant to share one vocabulary).
 */

export const HAS_FILTERS = ["free-plan", "api", "open-source", "self-hosted"] as const;
export type HasFilter = (typeof HAS_FILTERS)[number];

export const HAS_FILTER_LABELS: Record<HasFilter, string> = {
  "free-plan": "Free plan",
  api: "API",
  "open-source": "Open source",
  "self-hosted": "Self-hostable",
};

/** The same in a list's heading: "AI Tools with an API and a free plan". */
export const HAS_FILTER_PHRASES: Record<HasFilter, string> = {
  "free-plan": "a free plan",
  api: "an API",
  "open-source": "open source code",
  "self-hosted": "self-hosting",
};

// The platforms are the facts' own vocabulary (app/lib/tool-facts.ts), in the order lists offer them.
import type { Platform } from "./tool-facts";
export { isPlatform, PLATFORM_LABELS, PLATFORMS, type Platform } from "./tool-facts";

export const hasFacet = (value: HasFilter) => `has:${value}`;
export const platformFacet = (value: Platform) => `platform:${value}`;

/** The badges a card shows, in this order, from its facets: the facts people ask about first. */
export const CARD_FACT_BADGES: HasFilter[] = ["api", "open-source", "free-plan"];

export function isHasFilter(value: unknown): value is HasFilter {
  return typeof value === "string" && (HAS_FILTERS as readonly string[]).includes(value);
}

/**
 * How many tools each fact filter would show, added to the filters already chosen: the number
 * beside each choice. Counted only up to a cap, like a list's own total (`capped`: "1,000+").
 */
export type FactCounts = {
  has: Record<HasFilter, number>;
  platforms: Record<Platform, number>;
  /** Counted up to this many; a count past it reads "1,000+". */
  cap: number;
  /**
   * True when the counts are of a text search's first matches only (it found more than the cap):
   * each is then a lower bound.
   */
  partial: boolean;
};
