import { PRICING_MODEL_LABELS, type PricingModel } from "./pricing-model";

/** The alternatives page lists this many; the tool page shows the first ALTERNATIVES_PREVIEW. */
export const ALTERNATIVES_LIMIT = 24;
export const ALTERNATIVES_PREVIEW = 6;
/** Shared tags named in a reason, at most. */
const REASON_TAGS = 3;

export const alternativesPath = (slug: string) => `/tool/${slug}/alternatives`;

/**
 * One line on why a tool is an alternative: the pricing model it shares, then the tags it
 * shares ("Also Free - shares Transcription, API"); the category only when nothing else is shared.
 */
export function alternativeReason({
  pinned,
  category,
  sameCategory,
  pricingModel,
  samePricing,
  sharedTagNames,
}: {
  pinned: boolean;
  category: string;
  sameCategory: boolean;
  pricingModel: PricingModel | null;
  samePricing: boolean;
  sharedTagNames: string[];
}): string {
  const parts: string[] = [];
  if (samePricing && pricingModel) parts.push(`Also ${PRICING_MODEL_LABELS[pricingModel]}`);
  if (sharedTagNames.length > 0) parts.push(`shares ${sharedTagNames.slice(0, REASON_TAGS).join(", ")}`);
  if (parts.length === 0 && sameCategory) parts.push(`Also in ${category}`);
  if (parts.length === 0 && pinned) parts.push("Chosen by the editors");
  return parts.join(" - ");
}
