import type { ResearchMode, ResearchResult } from "./research";
import { websiteProblem } from "./form-fields";
import { isPricingModel, type PricingModel } from "./pricing-model";
import { slugify } from "./slugify";
import { TOOL_FORM_LIMITS } from "./tool-form";

/** The tool form's fields a research result can fill (slug and SEO title are never touched). */
export type ToolDraft = {
  name: string;
  category: string;
  /** HTML, as the form's Description field holds it. */
  description: string;
  image: string;
  website: string;
  features: string[];
  pros: string[];
  cons: string[];
  /** The map shape (plan name -> text); null keeps the form's pricing as it is. */
  pricing: Record<string, string> | null;
  tagline: string;
  /** "" while none is chosen, as the form's select holds it. */
  pricingModel: PricingModel | "";
  startingPrice: string;
  /** Ids of the tags to check: the form's own, plus the suggested ones that exist. */
  tags: string[];
  /** Suggested tags that are not in the list: shown to the admin, never created here. */
  proposedTags: string[];
};

/** What the form holds now, for the fields an update keeps and the ones a reply may leave blank. */
export type CurrentToolFields = Pick<
  ToolDraft,
  "name" | "category" | "image" | "website" | "cons" | "tagline" | "pricingModel" | "startingPrice" | "tags"
>;

/** A tag of the directory's list, as the tool form has it. */
export type TagChoice = { id: string; slug: string; name: string };

export const NEW_TOOL_CATEGORY = "Other";
/** The form's URL fields refuse longer addresses. */
const MAX_URL_LENGTH = 2048;

/** Text inside an element: these three are all that can start markup; quotes stay readable in the field. */
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The model's description is plain text: it becomes paragraphs with every character escaped, so
 * markup in a reply (or smuggled into a search result) is shown as text, never run.
 */
export function descriptionHtmlFrom(text: string): string {
  // Whole paragraphs while they fit the field: a cut could split an entity or leave a <p> open.
  let html = "";
  for (const paragraph of text.split(/\n\s*\n/)) {
    const clean = paragraph.replace(/\s+/g, " ").trim();
    if (clean === "") continue;
    const next = `${html === "" ? "" : "\n"}<p>${escapeText(clean)}</p>`;
    if (html.length + next.length > TOOL_FORM_LIMITS.description) break;
    html += next;
  }
  return html;
}

/** List rows the form accepts: trimmed, blanks and repeats dropped, each and the count within the form's limits. */
function listFrom(items: readonly string[]): string[] {
  const kept: string[] = [];
  for (const item of items) {
    const row = item.replace(/\s+/g, " ").trim().slice(0, TOOL_FORM_LIMITS.listRowLength).trim();
    if (row !== "" && !kept.includes(row)) kept.push(row);
    if (kept.length === TOOL_FORM_LIMITS.listRows) break;
  }
  return kept;
}

const PLAN_NAMES = { free: "Free", pro: "Pro", enterprise: "Enterprise" } as const;
/** Answers that mean "no such plan" rather than a price. */
const NO_PLAN = /^(?:n\/?a|none|null|unknown|not (?:available|offered|applicable)|-+)\.?$/i;

function pricingFrom(pricing: ResearchResult["productInfo"]["pricing"]): Record<string, string> | null {
  const entries = (Object.keys(PLAN_NAMES) as (keyof typeof PLAN_NAMES)[])
    .map(
      (key) =>
        [
          PLAN_NAMES[key],
          pricing[key].replace(/\s+/g, " ").trim().slice(0, TOOL_FORM_LIMITS.planPrice).trim(),
        ] as const,
    )
    .filter(([, text]) => text !== "" && !NO_PLAN.test(text));
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/** Free text on one line, cut at a word when longer than `max`. */
function oneLineWithin(text: string | undefined, max: number): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max + 1);
  const atWord = cut.lastIndexOf(" ");
  return (atWord > max / 2 ? cut.slice(0, atWord) : line.slice(0, max)).trim();
}

/** The reply's pricing model when it is one of ours, read leniently ("Free trial", "Contact sales"). */
export function pricingModelFrom(text: string | undefined): PricingModel | null {
  const words = (text ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, "-");
  const model = words === "contact-sales" ? "contact" : words;
  return isPricingModel(model) ? model : null;
}

/**
 * The reply's tag suggestions against the list: a name or slug that matches a tag (ignoring case)
 * checks it; the rest are proposals, tidied and each once.
 */
export function tagsFrom(suggested: readonly string[] | undefined, choices: readonly TagChoice[]) {
  const bySlug = new Map(choices.map((tag) => [tag.slug, tag.id]));
  const byName = new Map(choices.map((tag) => [tag.name.toLowerCase(), tag.id]));
  const found: string[] = [];
  const proposed = new Map<string, string>();
  for (const raw of suggested ?? []) {
    const name = oneLineWithin(raw, 60);
    if (name === "") continue;
    const id = byName.get(name.toLowerCase()) ?? bySlug.get(slugify(name));
    if (id !== undefined) {
      if (!found.includes(id)) found.push(id);
    } else if (slugify(name) !== "" && !proposed.has(slugify(name))) proposed.set(slugify(name), name);
  }
  return { found, proposed: [...proposed.values()].slice(0, TOOL_FORM_LIMITS.tags) };
}

/**
 * Spec section 7, "Applying a result to a tool form". A new tool gets category 'Other', its image
 * from the website field, no cons and the unique selling points as pros. An update keeps the
 * name, category, image and cons the form holds. Only fields of the schema are read, so anything
 * else a reply carries (a rating, say) is never applied; a website the tool form would refuse (not
 * a plain http(s) address on a real host) is ignored.
 *
 * The catalogue facts, in both modes: the reply's tagline, pricing model and starting price
 * replace the form's when the reply gives them (a pricing model only when it is one of ours);
 * suggested tags that exist are checked beside the form's own, up to the form's limit; the others
 * are returned as proposals for the admin to create, never created.
 */
export function applyResearch({
  mode,
  result,
  current,
  tagChoices = [],
}: {
  mode: ResearchMode;
  result: ResearchResult;
  current: CurrentToolFields;
  tagChoices?: readonly TagChoice[];
}): ToolDraft {
  const { productInfo, marketResearch } = result;
  const foundWebsite = productInfo.website.trim();
  const website =
    foundWebsite.length <= MAX_URL_LENGTH && websiteProblem(foundWebsite) === null ? foundWebsite : current.website;
  const suggestedTags = tagsFrom(productInfo.tags, tagChoices);
  const tags = [...current.tags];
  for (const id of suggestedTags.found) if (tags.length < TOOL_FORM_LIMITS.tags && !tags.includes(id)) tags.push(id);
  const researched = {
    description: descriptionHtmlFrom(productInfo.description),
    website,
    features: listFrom(productInfo.features),
    pros: listFrom(marketResearch.uniqueSellingPoints),
    pricing: pricingFrom(productInfo.pricing),
    tagline: oneLineWithin(productInfo.tagline, TOOL_FORM_LIMITS.tagline) || current.tagline,
    pricingModel: pricingModelFrom(productInfo.pricingModel) ?? current.pricingModel,
    startingPrice: oneLineWithin(productInfo.startingPrice, 40) || current.startingPrice,
    tags,
    proposedTags: suggestedTags.proposed,
  };
  if (mode === "update") {
    return { ...researched, name: current.name, category: current.category, image: current.image, cons: current.cons };
  }
  const name = productInfo.name.replace(/\s+/g, " ").trim().slice(0, TOOL_FORM_LIMITS.name).trim();
  return { ...researched, name: name || current.name, category: NEW_TOOL_CATEGORY, image: website, cons: [] };
}
