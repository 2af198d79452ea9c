/**
 * A plan's price as a number, read from the free text admins write ("$20/month", "€9",
 * "About $25-30/user/month", "Free"), for structured data. Only what the text says plainly is
 * read: a number needs a currency mark, or must be the text or open it before a period
 * ("20/month"), so "Up to 5 users" and "14 days" are no price.
 */
export type PriceAmount = { amount: number; currency: string | null };

/** Marks written before or after an amount, longest first so "US$" wins over "$". */
const CURRENCY_SYMBOLS: [string, string][] = [
  ["US$", "USD"],
  ["CA$", "CAD"],
  ["NZ$", "NZD"],
  ["HK$", "HKD"],
  ["C$", "CAD"],
  ["A$", "AUD"],
  ["R$", "BRL"],
  ["$", "USD"],
  ["€", "EUR"],
  ["£", "GBP"],
  ["¥", "JPY"],
  ["₹", "INR"],
  ["₩", "KRW"],
];

const CURRENCY_CODES = [
  "USD",
  "EUR",
  "GBP",
  "CAD",
  "AUD",
  "NZD",
  "JPY",
  "CNY",
  "INR",
  "CHF",
  "SEK",
  "NOK",
  "DKK",
  "PLN",
  "BRL",
  "MXN",
  "SGD",
  "HKD",
  "KRW",
  "ZAR",
];

const escapeRegExp = (text: string) => text.replace(/[$.*+?^()[\]{}|\\]/g, "\\$&");
const MARK = [
  ...CURRENCY_SYMBOLS.map(([symbol]) => escapeRegExp(symbol)),
  ...CURRENCY_CODES.map((code) => `${code}\\b`),
]
  .map((mark) => `(?:${mark})`)
  .join("|");
/** 20, 1,200, 9.99 */
const NUMBER = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const MARKED_BEFORE = new RegExp(`(${MARK})\\s?(${NUMBER})`, "i");
const MARKED_AFTER = new RegExp(`(${NUMBER})\\s?(${MARK})`, "i");
/** A bare number counts only as the whole text or before a period: "20", "20/month", "20 per month". */
const LEADING_NUMBER = new RegExp(`^(${NUMBER})\\s*(?:$|/|per\\b)`, "i");
const FREE = /\bfree\b/i;
const TRIAL = /\btrials?\b/i;

function currencyOf(mark: string): string {
  const upper = mark.toUpperCase();
  return CURRENCY_SYMBOLS.find(([symbol]) => symbol === upper)?.[1] ?? upper;
}

const toNumber = (text: string) => Number(text.replace(/,/g, ""));

/** The first marked amount in the text, whichever side its mark is on. */
function markedAmount(text: string): PriceAmount | null {
  const before = MARKED_BEFORE.exec(text);
  const after = MARKED_AFTER.exec(text);
  if (before && (!after || before.index <= after.index)) {
    return { amount: toNumber(before[2]!), currency: currencyOf(before[1]!) };
  }
  if (after) return { amount: toNumber(after[1]!), currency: currencyOf(after[2]!) };
  return null;
}

/**
 * The price a plan's text states, or null when it states none ("Contact sales", "Varies by
 * region", "Free trial"). A range or "from" gives its first amount; a text that only says "free"
 * is 0 with no currency. `planName` counts too: a plan called "Free" costs nothing whatever its text.
 */
export function readPrice(priceText: string, planName = ""): PriceAmount | null {
  const text = priceText.trim();
  const marked = markedAmount(text);
  if (marked) return marked;
  const leading = LEADING_NUMBER.exec(text);
  if (leading) return { amount: toNumber(leading[1]!), currency: null };
  const saysFree = (words: string) => FREE.test(words) && !TRIAL.test(words);
  if (saysFree(text) || (!/\d/.test(text) && saysFree(planName))) return { amount: 0, currency: null };
  return null;
}
