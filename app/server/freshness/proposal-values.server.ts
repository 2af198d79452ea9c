import { applyResearch } from "~/lib/research-apply";
import {
  AI_PROPOSAL_FIELDS,
  proposalFieldInput,
  type FactProposalField,
  type ProposalField,
  type ReviewedField,
} from "~/lib/refresh-proposals";
import { citedFacts } from "~/lib/tool-fact-drafts";
import { TOOL_FACTS, type ToolFact, type ToolFacts } from "~/lib/tool-facts";
import { descriptionText, toolFormSchema } from "~/lib/tool-form";
import { pricingAsStored, pricingToPlans, type Pricing } from "~/lib/pricing";
import { sanitizeRichText } from "../content/sanitize-html.server";
import { tools, type FactSource } from "../db/schema.server";
import { logger } from "../logger.server";
import type { ResearchOutcome } from "../research/research-flow.server";

/**
 * Which researched values an AI refresh proposes (decision 120): a value is proposed when it reads
 * differently from the stored one, the tool form accepts it, and pages back it.
 */

type ToolRow = typeof tools.$inferSelect;
/** The fields of a tool that a refresh asks about. */
export type RefreshedTool = Pick<
  ToolRow,
  | "id"
  | "name"
  | "category"
  | "image"
  | "website"
  | "description"
  | "features"
  | "pros"
  | "cons"
  | "pricing"
  | "tagline"
  | "pricingModel"
  | "startingPrice"
> & {
  /** Its known facts; without them every researched fact would read as new. */
  facts?: ToolFacts;
};

export type NewField = { field: ReviewedField; currentValue: unknown; proposedValue: unknown; sources: FactSource[] };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The words a reader sees: markup, entities and spacing that render the same are not a change. */
function readableText(html: string): string {
  return oneLine(descriptionText(html).replace(/&(#?\w+);/g, (entity, name: string) => ENTITIES[name] ?? entity));
}

/** Plans by name and price (ignoring case and spacing); details the researched map cannot carry are not compared. */
function pricingKey(value: unknown): string {
  if (!value || typeof value !== "object") return "[]";
  const plans = pricingToPlans(value as Pricing).map(
    (plan) => `${oneLine(plan.plan).toLowerCase()}=${plan.price.replace(/\s+/g, "").toLowerCase()}`,
  );
  return JSON.stringify(plans.sort());
}

/**
 * What two values of a field are compared by when proposing: a difference a reader would not see
 * (spacing, equivalent markup, list order, a price written "$12 / month" or "$12/month") is none.
 */
function comparable(field: ProposalField, value: unknown): string {
  switch (field) {
    case "description":
      return readableText(typeof value === "string" ? value : "");
    case "features":
    case "pros":
      return JSON.stringify(
        (Array.isArray(value) ? value.map((row) => oneLine(String(row))) : []).filter((row) => row !== "").sort(),
      );
    case "pricing":
      return pricingKey(value);
    default:
      return oneLine(typeof value === "string" ? value : "");
  }
}

/** JSON with object keys sorted and "no value" spelled one way: whether a stored value moved at all. */
export function canonical(value: unknown): string {
  if (value === undefined || value === "") return "null";
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === "object" && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

// --- Which pages back which field ---

const STOP_WORDS = new Set(
  "about also with from that this than they their there these those into your have will what when which while more most other over such only some very just like each every both using used uses make makes made best free".split(
    " ",
  ),
);
const PRICE_WORDS =
  /pric|\bplans?\b|\bcosts?\b|subscription|per (?:user|month|seat|year)|\/mo\b|[$€£¥]\s?\d|\bfree\b|enterprise|tier/i;

function significantWords(text: string, ignored: ReadonlySet<string>): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}$€£]+/gu) ?? [];
  return new Set(words.filter((word) => word.length >= 4 && !STOP_WORDS.has(word) && !ignored.has(word)));
}

function textOfValue(value: unknown): string {
  if (typeof value === "string") return descriptionText(value);
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(" ");
  if (value && typeof value === "object")
    return pricingToPlans(value as Pricing)
      .map((plan) => `${plan.plan} ${plan.price}`)
      .join(" ");
  return "";
}

/**
 * The pages that plausibly back a proposed field: for pricing, the pricing search's results and
 * pages that talk about prices; for the rest, pages that share at least two telling words with
 * the proposed value (the tool's own name does not count). When none do, all of them: the model
 * read every page, and a field without sources could not be checked.
 */
function sourcesFor({
  field,
  proposed,
  pages,
  pricingPages,
  featurePages,
  nameWords,
}: {
  field: ProposalField;
  proposed: unknown;
  pages: readonly FactSource[];
  pricingPages: ReadonlySet<string>;
  featurePages: ReadonlySet<string>;
  nameWords: ReadonlySet<string>;
}): FactSource[] {
  let backing: FactSource[];
  if (field === "pricing" || field === "pricingModel") {
    backing = pages.filter((page) => pricingPages.has(page.url) || PRICE_WORDS.test(`${page.title} ${page.snippet}`));
  } else {
    const wanted = significantWords(textOfValue(proposed), nameWords);
    backing = pages.filter((page) => {
      if ((field === "features" || field === "pros") && featurePages.has(page.url)) return true;
      const words = significantWords(`${page.title} ${page.snippet}`, nameWords);
      let shared = 0;
      for (const word of words) if (wanted.has(word) && ++shared >= 2) return true;
      return false;
    });
  }
  return backing.length > 0 ? backing : [...pages];
}

// --- Proposing ---

/**
 * The researched value of each field, by the rules the tool form's "Update with AI" applies
 * (app/lib/research-apply.ts): plain text becomes escaped paragraphs, lists are tidied, pricing is
 * the plan map, an unknown pricing model keeps the current one. The description is sanitized as
 * the form's save would.
 */
function researchedValues(
  tool: RefreshedTool,
  outcome: ResearchOutcome,
): Record<(typeof AI_PROPOSAL_FIELDS)[number], unknown> {
  const draft = applyResearch({
    mode: "update",
    result: outcome.result,
    current: {
      name: tool.name,
      category: tool.category,
      image: tool.image ?? "",
      website: tool.website ?? "",
      cons: tool.cons,
      tagline: tool.tagline ?? "",
      pricingModel: tool.pricingModel ?? "",
      startingPrice: tool.startingPrice ?? "",
      tags: [],
    },
  });
  return {
    description: sanitizeRichText(draft.description),
    tagline: draft.tagline,
    features: draft.features,
    pros: draft.pros,
    // As a save would store it: a list keeps the plans' order, which a JSONB map would sort.
    pricing: pricingAsStored(draft.pricing),
    pricingModel: draft.pricingModel === "" ? null : draft.pricingModel,
  };
}

/** Whether the tool form would accept this value for the field (its own schema for that field). */
function formAccepts(field: ProposalField, value: unknown): boolean {
  if (field === "description" && descriptionText(String(value)) === "") return false;
  return toolFormSchema.shape[field].safeParse(proposalFieldInput(field, value)).success;
}

/** Whether two facts give the same answer (the page cited and the day checked aside). */
function sameAnswer(a: ToolFact, b: ToolFact): boolean {
  return a.value === b.value && a.detail === b.detail && a.items.join("\n") === b.items.join("\n");
}

/**
 * The facts worth a look (decision 165): cited by a page the run read, in their shape, and saying
 * something other than the stored fact (an unknown fact is always worth one). The page the fact
 * cites is its one source.
 */
function proposedFacts(tool: RefreshedTool, outcome: ResearchOutcome, day: string): NewField[] {
  const pages = new Map(outcome.pages.map((page) => [page.url, page]));
  const drafted = citedFacts(outcome.result.facts, new Set(pages.keys()), day);
  return TOOL_FACTS.flatMap((name): NewField[] => {
    const proposed = drafted[name];
    const current = tool.facts?.[name];
    if (!proposed || (current && sameAnswer(current, proposed))) return [];
    const field: FactProposalField = `facts.${name}`;
    return [
      { field, currentValue: current ?? null, proposedValue: proposed, sources: [pages.get(proposed.sourceUrl)!] },
    ];
  });
}

/** The fields worth an administrator's look: researched, different to a reader, and acceptable to the form. */
export function proposedFields({
  tool,
  outcome,
  pricingPages,
  featurePages,
  today = new Date().toISOString().slice(0, 10),
}: {
  tool: RefreshedTool;
  outcome: ResearchOutcome;
  pricingPages: ReadonlySet<string>;
  featurePages: ReadonlySet<string>;
  /** The day the facts were read, YYYY-MM-DD. */
  today?: string;
}): NewField[] {
  const researched = researchedValues(tool, outcome);
  const nameWords = significantWords(tool.name, new Set());
  const fields: NewField[] = [];
  for (const field of AI_PROPOSAL_FIELDS) {
    const proposed = researched[field];
    const current = tool[field];
    // A reply that says nothing about a field is no evidence it should be emptied.
    if (isEmpty(proposed)) continue;
    if (comparable(field, proposed) === comparable(field, current)) continue;
    if (!formAccepts(field, proposed)) {
      logger.warn({ toolId: tool.id, field }, "a researched value the tool form would refuse was not proposed");
      continue;
    }
    fields.push({
      field,
      currentValue: current ?? null,
      proposedValue: proposed,
      sources: sourcesFor({ field, proposed, pages: outcome.pages, pricingPages, featurePages, nameWords }),
    });
  }
  fields.push(...proposedFacts(tool, outcome, today));
  return fields;
}
