/** One plan of the list shape: { plan, price, details, features? }. */
export type PricingPlan = { plan: string; price: string; details: string; features?: string[] };

/** The spec allows two shapes for pricing: a list of plans, or a map of plan name to text. */
export type Pricing = PricingPlan[] | Record<string, string>;

/**
 * Pricing as it is stored: always the list shape. A map's plans are written as a list in the order
 * they were entered, since a JSONB object keeps its keys sorted by length, not as typed (Midjourney's
 * Basic, Standard, Pro, Mega came back as Pro, Mega, Basic, Standard; decision 153).
 */
export function pricingAsStored(pricing: Pricing | null | undefined): PricingPlan[] | null {
  return pricing ? pricingToPlans(pricing) : null;
}

/** Both shapes rendered as one list, so a view needs a single loop. */
export function pricingToPlans(pricing: Pricing | null | undefined): PricingPlan[] {
  if (!pricing) return [];
  if (Array.isArray(pricing)) return pricing;
  return Object.entries(pricing).map(([plan, price]) => ({ plan, price, details: "" }));
}
