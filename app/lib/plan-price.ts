import type { Pricing } from "~/lib/pricing";
import { pricingAsStored, pricingToPlans } from "~/lib/pricing";

/**
 * A plan's price text read as numbers, so the starting price shown on cards is derived from the
 * plans instead of typed a second time and drifting from them (decision 166).
 */
export type PlanPeriod = "month" | "year" | "week" | "day" | "one-time";

export type PlanPrice = {
  amount: number;
  /** "$", "€", "£", "¥" or an upper-case ISO code ("CHF"); null for a free plan with no sign. */
  currency: string | null;
  period: PlanPeriod | null;
  /** What the amount is counted per, besides time: "user", "seat", "channel". */
  unit: string | null;
};

const CODE_TO_SIGN: Record<string, string> = { USD: "$", EUR: "€", GBP: "£", JPY: "¥" };
const SIGNS = ["$", "€", "£", "¥"];

const PERIOD_WORDS: [RegExp, PlanPeriod][] = [
  [/^(month|months|mo|monthly)$/, "month"],
  [/^(year|years|yr|annum|annually|yearly|annual)$/, "year"],
  [/^(week|weeks|wk|weekly)$/, "week"],
  [/^(day|days|daily)$/, "day"],
];

const FREE = /^(free|free forever|free plan|\$?0(\.0+)?)$/i;

/** Parses "$20/month", "€15 per user/month", "Free", "About $39"; null for "Custom" and the like. */
export function parsePlanPrice(text: string | null | undefined): PlanPrice | null {
  const raw = (text ?? "").trim();
  if (!raw) return null;
  if (FREE.test(raw)) return { amount: 0, currency: raw.includes("$") ? "$" : null, period: null, unit: null };

  // Sign before the number ("$20", "US$20", "USD 20") or a code after it ("20 EUR", "20€").
  const match =
    /(?:^|[^A-Za-z])(?:US)?([$€£¥]|USD|EUR|GBP|JPY|CHF|CAD|AUD|INR)\s?(\d[\d,]*(?:\.\d+)?)/i.exec(raw) ??
    /(\d[\d,]*(?:\.\d+)?)\s?([$€£¥]|USD|EUR|GBP|JPY|CHF|CAD|AUD|INR)\b/i.exec(raw);
  if (!match) return null;
  const before = SIGNS.includes(match[1]!) || /^[A-Za-z]{3}$/.test(match[1]!);
  const currencyText = before ? match[1]! : match[2]!;
  const amountText = before ? match[2]! : match[1]!;
  const code = currencyText.toUpperCase();
  const currency = SIGNS.includes(currencyText) ? currencyText : (CODE_TO_SIGN[code] ?? code);
  const amount = Number(amountText.replace(/,/g, ""));
  if (!Number.isFinite(amount)) return null;

  // Only the text after the amount says what it is counted per ("/user/month", "per seat per month").
  const rest = raw.slice(match.index + match[0].length).toLowerCase();
  const words = rest
    .replace(/\b(billed|paid)\s+(annually|yearly|monthly)\b/g, "")
    .replace(/\bone[- ]time\b|\bonce\b|\blifetime\b/g, " onetime ")
    .split(/[^a-z]+/)
    .filter(Boolean);
  let period: PlanPeriod | null = null;
  let unit: string | null = null;
  for (const word of words) {
    if (word === "or" || word === "and") break;
    if (word === "onetime") {
      period ??= "one-time";
      continue;
    }
    const found = PERIOD_WORDS.find(([pattern]) => pattern.test(word));
    if (found) {
      period ??= found[1];
      continue;
    }
    if (/^(user|users|seat|seats|member|members|editor|editors|channel|channels)$/.test(word))
      unit ??= word.replace(/s$/, "");
  }
  return { amount, currency, period, unit };
}

/** "$20/month", "€15/user/month", "$5 one-time", "Free". */
export function formatPlanPrice(price: PlanPrice): string {
  if (price.amount === 0) return "Free";
  const digits = Number.isInteger(price.amount) ? String(price.amount) : price.amount.toFixed(2);
  const money =
    price.currency === null
      ? digits
      : price.currency.length === 1
        ? `${price.currency}${digits}`
        : `${price.currency} ${digits}`;
  if (price.period === "one-time") return `${money} one-time`;
  const per = [price.unit, price.period].filter(Boolean).join("/");
  return per ? `${money}/${per}` : money;
}

const PER_MONTH: Record<PlanPeriod, number> = { month: 1, year: 1 / 12, week: 52 / 12, day: 365 / 12, "one-time": 1 };

/** What a plan costs a month, to put "$36/year" below "$5/month" when picking the cheapest. */
function monthly(price: PlanPrice): number {
  return price.amount * (price.period ? PER_MONTH[price.period] : 1);
}

/**
 * The card's starting price, derived from the plans: the cheapest paid plan ("from $20/month"
 * beside the Freemium label), "Free" only when every plan that states a price is free, and null
 * when no plan's price can be read ("Custom", "Contact sales").
 */
export function startingPriceOf(pricing: Pricing | null | undefined): string | null {
  const prices = pricingToPlans(pricing)
    .map((plan) => parsePlanPrice(plan.price))
    .filter((price): price is PlanPrice => price !== null);
  if (prices.length === 0) return null;
  const paid = prices.filter((price) => price.amount > 0);
  if (paid.length === 0) return "Free";
  const cheapest = paid.reduce((best, price) => (monthly(price) < monthly(best) ? price : best));
  return formatPlanPrice(cheapest);
}

/**
 * The two pricing columns as every writer stores them: the plans as a list and the starting price
 * derived from them. The one place both are set, so a card cannot disagree with the plans.
 */
export function pricingColumns(pricing: Pricing | null | undefined): {
  pricing: ReturnType<typeof pricingAsStored>;
  startingPrice: string | null;
} {
  return { pricing: pricingAsStored(pricing), startingPrice: startingPriceOf(pricing) };
}
