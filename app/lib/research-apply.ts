import type { ResearchMode, ResearchResult } from "./research";
import { isLinkableUrl } from "./form-fields";
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
};

/** What the form holds now, for the fields an update keeps. */
export type CurrentToolFields = Pick<ToolDraft, "name" | "category" | "image" | "website" | "cons">;

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
    .map((key) => [PLAN_NAMES[key], pricing[key].replace(/\s+/g, " ").trim().slice(0, TOOL_FORM_LIMITS.planPrice).trim()] as const)
    .filter(([, text]) => text !== "" && !NO_PLAN.test(text));
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

/**
 * Spec section 7, "Applying a result to a tool form". A new tool gets category 'Other', its image
 * from the website field, no cons and the unique selling points as pros. An update keeps the
 * name, category, image and cons the form holds. Only fields of the schema are read, so anything
 * else a reply carries (a rating, say) is never applied; a website that is not an http(s)
 * address is ignored.
 */
export function applyResearch({
  mode,
  result,
  current,
}: {
  mode: ResearchMode;
  result: ResearchResult;
  current: CurrentToolFields;
}): ToolDraft {
  const { productInfo, marketResearch } = result;
  const foundWebsite = productInfo.website.trim();
  const website =
    foundWebsite.length <= MAX_URL_LENGTH && isLinkableUrl(foundWebsite) && /^https?:/i.test(foundWebsite) ? foundWebsite : current.website;
  const researched = {
    description: descriptionHtmlFrom(productInfo.description),
    website,
    features: listFrom(productInfo.features),
    pros: listFrom(marketResearch.uniqueSellingPoints),
    pricing: pricingFrom(productInfo.pricing),
  };
  if (mode === "update") {
    return { ...researched, name: current.name, category: current.category, image: current.image, cons: current.cons };
  }
  const name = productInfo.name.replace(/\s+/g, " ").trim().slice(0, TOOL_FORM_LIMITS.name).trim();
  return { ...researched, name: name || current.name, category: NEW_TOOL_CATEGORY, image: website, cons: [] };
}
