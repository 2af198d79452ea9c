import type { PricingModel } from "./pricing-model";

/** A plan's name and price text, as either pricing shape holds them. */
export type PlanText = { plan: string; price: string };

/** "Free", "$0", "$0.00/month": the same test migration 0007 used to fill in existing tools. */
const FREE = /(^|\s)(free|\$\s*0(\.0+)?)(\s|\/|$)/i;
const TRIAL = /\btrial\b/i;
const CONTACT = /\b(contact|custom|quote|talk to sales)\b/i;
const AMOUNT = /\d/;

/**
 * The pricing model the plans suggest, or null when there are no plans to go by. Only a
 * suggestion: the admin chooses, and the stored value is that choice.
 *
 * All plans free -> free; a free plan beside paid ones -> freemium; a trial and no free plan ->
 * free trial; every plan "contact us" without an amount -> contact sales; otherwise paid.
 */
export function suggestPricingModel(plans: readonly PlanText[]): PricingModel | null {
  const texts = plans
    .map(({ plan, price }) => `${plan} ${price}`.replace(/\s+/g, " ").trim())
    .filter((text) => text !== "");
  if (texts.length === 0) return null;
  const trials = texts.filter((text) => TRIAL.test(text));
  const free = texts.filter((text) => FREE.test(text) && !TRIAL.test(text));
  if (free.length === texts.length) return "free";
  if (free.length > 0) return "freemium";
  if (trials.length > 0) return "free-trial";
  if (texts.every((text) => CONTACT.test(text) && !AMOUNT.test(text))) return "contact";
  return "paid";
}
