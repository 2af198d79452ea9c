/**
 * How a tool charges, in one word a visitor can filter by. The stored value is the admin's
 * choice; `starting_price` beside it is derived from the plans ("$10/month", "Free"; decision 166).
 */
export const PRICING_MODELS = ["free", "freemium", "free-trial", "paid", "contact"] as const;

export type PricingModel = (typeof PRICING_MODELS)[number];

export const PRICING_MODEL_LABELS: Record<PricingModel, string> = {
  free: "Free",
  freemium: "Freemium",
  "free-trial": "Free trial",
  paid: "Paid",
  contact: "Contact sales",
};

export function isPricingModel(value: unknown): value is PricingModel {
  return typeof value === "string" && (PRICING_MODELS as readonly string[]).includes(value);
}
