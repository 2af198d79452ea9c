import { formatRating } from "./format";
import { pricingToPlans, type Pricing } from "./pricing";
import type { PricingModel } from "./pricing-model";
import { slugify } from "./slugify";

/**
 * Side-by-side comparison of 2 to 4 tools: the addresses (decision 059), reading the `tools=` list,
 * and which rows of the table differ. Shared by the compare page, its loader and the home page.
 */

export const MIN_COMPARED_TOOLS = 2;
export const MAX_COMPARED_TOOLS = 4;

/** Between the two slugs of a pair address: /compare/chatgpt-vs-claude. */
export const PAIR_SEPARATOR = "-vs-";

/** Longest pair segment read, and most separators tried in it: a longer one names no pair we hold. */
export const MAX_PAIR_SEGMENT_LENGTH = 400;
export const MAX_PAIR_SPLITS = 8;

/**
 * The facts the comparison has a row for (decision 157's tool_facts; app/lib/tool-facts.ts names
 * them on the tool page). Data retention has no row: a sentence per tool compares poorly.
 */
export const COMPARED_FACTS = [
  "free_plan",
  "api",
  "open_source",
  "self_hostable",
  "platforms",
  "trains_on_your_data",
  "certifications",
] as const;
export type ComparedFactName = (typeof COMPARED_FACTS)[number];

/** One known fact, with where it was read and when; a fact without a row is unknown. */
export type ComparedFact = {
  value: "yes" | "no" | "opt-out" | null;
  items: string[];
  detail: string;
  sourceUrl: string;
  checkedAt: string;
};

/** One tool as the comparison shows it. */
export type ComparedTool = {
  id: string;
  slug: string;
  name: string;
  image: string | null;
  tagline: string | null;
  category: string;
  rating: number | null;
  voteCount: number;
  pricingModel: PricingModel | null;
  startingPrice: string | null;
  pricing: Pricing | null;
  features: string[];
  pros: string[];
  cons: string[];
  website: string | null;
  tags: { slug: string; name: string }[];
  facts: Partial<Record<ComparedFactName, ComparedFact>>;
};

/** Slugs in the one order every address uses: plain code-unit order, as slugs are lower-case ASCII. */
export function sortSlugs(slugs: readonly string[]): string[] {
  return [...new Set(slugs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The canonical pair address: both slugs in alphabetical order. */
export function comparePairPath(first: string, second: string): string {
  const [a, b] = sortSlugs([first, second]);
  return `/compare/${a}${PAIR_SEPARATOR}${b}`;
}

/** The canonical address of a set: the pair address for two tools, else the sorted `tools=` list. */
export function comparePath(slugs: readonly string[]): string {
  const sorted = sortSlugs(slugs);
  if (sorted.length === 2) return comparePairPath(sorted[0]!, sorted[1]!);
  // Slugs are [a-z0-9-]: nothing to encode, and a plain comma reads better than %2C.
  return `/compare?tools=${sorted.join(",")}`;
}

/**
 * The ways a pair segment can be cut into two slugs, one per "-vs-" it holds (overlapping ones
 * too), leftmost first. The segment is read in slug form, so "ChatGPT-vs-Claude" is tried as
 * "chatgpt-vs-claude"; the page then moves to its canonical address.
 */
export function pairSplits(segment: string): [string, string][] {
  if (segment.length > MAX_PAIR_SEGMENT_LENGTH) return [];
  const normalized = slugify(segment);
  const splits: [string, string][] = [];
  for (
    let at = normalized.indexOf(PAIR_SEPARATOR);
    at > 0 && splits.length < MAX_PAIR_SPLITS;
    at = normalized.indexOf(PAIR_SEPARATOR, at + 1)
  ) {
    const first = normalized.slice(0, at);
    const second = normalized.slice(at + PAIR_SEPARATOR.length);
    if (second !== "" && first !== second) splits.push([first, second]);
  }
  return splits;
}

/**
 * Which of the cuts names two tools we hold, given the slugs that exist: one already in
 * alphabetical order first (so a canonical address never redirects), else the leftmost.
 */
export function choosePairSplit(
  splits: readonly [string, string][],
  exists: (slug: string) => boolean,
): [string, string] | null {
  const known = splits.filter(([first, second]) => exists(first) && exists(second));
  return known.find(([first, second]) => first < second) ?? known[0] ?? null;
}

/** What a `tools=` list asks for: every slug once, in slug form, in the order given. */
export type CompareList = {
  slugs: string[];
  problem: "none-given" | "too-few" | "too-many" | null;
};

/**
 * Reads `tools=a,b,c` (or repeated `tools=`): never throws. Each entry is read in slug form, so a
 * name typed into the page's form ("Stable Diffusion, ChatGPT") finds its tools too.
 */
export function parseCompareList(params: URLSearchParams): CompareList {
  const entries = params
    .getAll("tools")
    .flatMap((value) => value.split(","))
    .map((entry) => slugify(entry.slice(0, MAX_PAIR_SEGMENT_LENGTH)))
    .filter((slug) => slug !== "");
  const slugs = [...new Set(entries)];
  const problem =
    slugs.length === 0
      ? "none-given"
      : slugs.length < MIN_COMPARED_TOOLS
        ? "too-few"
        : slugs.length > MAX_COMPARED_TOOLS
          ? "too-many"
          : null;
  // A long list is refused before any lookup; keep only what the message names.
  return { slugs: slugs.slice(0, MAX_COMPARED_TOOLS + 1), problem };
}

/** "ChatGPT vs Claude: AI Tool Comparison"; three or four names are joined the same way. */
export function compareTitle(names: readonly string[]): string {
  return `${names.join(" vs ")}: AI Tool Comparison`;
}

/** "A and B", "A, B and C". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 2) return names.join(" and ");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export function compareDescription(names: readonly string[]): string {
  return `Compare ${listNames(names)} side by side: ratings and votes, pricing plans, features, pros and cons.`;
}

/** The texts of the compare page's refusals, shared with its tests. */
export const COMPARE_MESSAGES = {
  pairNotFound: "This address does not name two tools in the directory.",
  noneGiven: `Choose ${MIN_COMPARED_TOOLS} to ${MAX_COMPARED_TOOLS} tools to compare side by side.`,
  tooFew: `A comparison needs at least ${MIN_COMPARED_TOOLS} different tools. Add another one.`,
  tooMany: `A comparison shows at most ${MAX_COMPARED_TOOLS} tools side by side. Remove some and try again.`,
  unknown: "We could not find these tools in the directory:",
} as const;

/** The rows of the comparison table, top to bottom (the tools' names and logos head the columns). */
export const COMPARE_ROWS = [
  { key: "tagline", label: "What it does" },
  { key: "category", label: "Category" },
  { key: "rating", label: "Rating" },
  { key: "pricing", label: "Pricing" },
  { key: "plans", label: "Plans" },
  { key: "free_plan", label: "Free plan" },
  { key: "api", label: "API" },
  { key: "open_source", label: "Open source" },
  { key: "self_hostable", label: "Self-hostable" },
  { key: "platforms", label: "Platforms" },
  { key: "trains_on_your_data", label: "Trains on your data" },
  { key: "certifications", label: "Certifications" },
  { key: "features", label: "Features" },
  { key: "pros", label: "Pros" },
  { key: "cons", label: "Cons" },
  { key: "tags", label: "Tags" },
  { key: "website", label: "Website" },
] as const;

export type CompareRowKey = (typeof COMPARE_ROWS)[number]["key"];

/**
 * What a row compares for one tool: what a reader sees, not how it is stored. A list is compared
 * as a set; values that belong together (a rating and its votes) are joined into one text first.
 */
function rowValue(tool: ComparedTool, key: CompareRowKey): string | null | string[] {
  switch (key) {
    case "tagline":
      return tool.tagline;
    case "category":
      return tool.category;
    case "rating":
      return `${formatRating(tool.rating)} | ${tool.voteCount}`;
    case "pricing":
      return `${tool.pricingModel ?? ""} | ${tool.startingPrice ?? ""}`;
    case "plans":
      return pricingToPlans(tool.pricing).map((plan) =>
        JSON.stringify([plan.plan, plan.price, plan.details, plan.features ?? []]),
      );
    case "features":
      return tool.features;
    case "pros":
      return tool.pros;
    case "cons":
      return tool.cons;
    case "tags":
      return tool.tags.map((tag) => tag.slug);
    case "website":
      return tool.website?.replace(/\/+$/, "") ?? null;
    case "free_plan":
    case "api":
    case "open_source":
    case "self_hostable":
    case "trains_on_your_data":
      return tool.facts[key]?.value ?? null;
    case "platforms":
    case "certifications":
      // Unknown is not the same as known to be none.
      return tool.facts[key] ? ["known", ...tool.facts[key].items] : null;
  }
}

/**
 * A value as a key that is equal for what a reader would call the same: text compared without
 * case or extra spaces, lists as sets (the same features in another order are the same), and
 * nothing, empty text and an empty list alike.
 */
export function comparableKey(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim().replace(/\s+/g, " ").toLowerCase();
  if (Array.isArray(value)) {
    const keys = [...new Set(value.map(comparableKey))].sort();
    return keys.length === 0 || (keys.length === 1 && keys[0] === "") ? "" : JSON.stringify(keys);
  }
  return JSON.stringify(value);
}

/** True when the values are not all the same, by `comparableKey`. */
export function valuesDiffer(values: readonly unknown[]): boolean {
  return new Set(values.map(comparableKey)).size > 1;
}

export type CompareRow = { key: CompareRowKey; label: string; differs: boolean };

/** Every row with whether the tools differ in it. */
export function compareRows(tools: readonly ComparedTool[]): CompareRow[] {
  return COMPARE_ROWS.map(({ key, label }) => ({
    key,
    label,
    differs: valuesDiffer(tools.map((tool) => rowValue(tool, key))),
  }));
}
