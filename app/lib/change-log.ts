import { isPricingModel, PRICING_MODEL_LABELS } from "./pricing-model";
import { pricingToPlans, type Pricing } from "./pricing";
import { descriptionText } from "./format";
import { factFromChangeField, factSummary, TOOL_FACT_LABELS, UNKNOWN_FACT_TEXT, type ToolFact } from "./tool-facts";

/**
 * How one entry of the public change log reads to a person, the same on the tool page, /changes,
 * its feed and the MCP answer. Values are kept as stored (jsonb) and only turned into text here.
 */

/** Longest text shown for one value; the tool page itself has the whole of it. */
export const CHANGE_TEXT_LIMIT = 160;

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  slug: "Address",
  category: "Category",
  tagline: "Tagline",
  description: "Description",
  website: "Website",
  pricing: "Pricing",
  pricingModel: "Pricing model",
  startingPrice: "Starting price",
  features: "Features",
  pros: "Pros",
  cons: "Cons",
  image: "Logo",
  tags: "Tags",
  metaTitle: "Meta title",
  status: "Status",
};

export function changeFieldLabel(field: string): string {
  const fact = factFromChangeField(field);
  if (fact) return TOOL_FACT_LABELS[fact];
  return FIELD_LABELS[field] ?? field;
}

/** A value as a person reads it: nothing, a short text, or a list. */
export type ChangeValue = { kind: "empty" } | { kind: "text"; text: string } | { kind: "list"; items: string[] };

function truncate(text: string, limit = CHANGE_TEXT_LIMIT): string {
  return text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`;
}

function pricingSummary(value: unknown): string[] {
  if (value === null || typeof value !== "object") return [];
  return pricingToPlans(value as Pricing)
    .map((plan) => [plan.plan, plan.price].filter(Boolean).join(": "))
    .filter((line) => line !== "")
    .map((line) => truncate(line, 80));
}

/** A tool's status as the log reads it; before a tool is added it has none (decision 156). */
function statusText(value: unknown): string {
  if (value === "discontinued") return "Discontinued";
  return value === "active" ? "Active" : "Not listed";
}

/**
 * A change of status is an event in a tool's life, told in words of its own rather than as a
 * field going from one value to another (decision 185): added (decision 156), discontinued,
 * listed again.
 */
export const TOOL_EVENTS = ["added", "discontinued", "restored"] as const;
export type ToolEvent = (typeof TOOL_EVENTS)[number];

export function toolEvent(field: string, before: unknown, after: unknown): ToolEvent | null {
  if (field !== "status") return null;
  if (after === "discontinued") return "discontinued";
  if (after !== "active") return null;
  return before === "discontinued" ? "restored" : "added";
}

/** The event as a heading: "Added to the directory". */
export const TOOL_EVENT_TITLES: Record<ToolEvent, string> = {
  added: "Added to the directory",
  discontinued: "Marked discontinued",
  restored: "Listed again",
};

/** The event said of the tool: "Quill was added to the directory". */
export function toolEventSentence(event: ToolEvent, toolName: string): string {
  if (event === "added") return `${toolName} was added to the directory`;
  if (event === "discontinued") return `${toolName} was marked discontinued`;
  return `${toolName} is listed again`;
}

/** What an entry says happened, as a heading: "Added to the directory", or "Pricing changed". */
export function changeTitle(entry: Pick<ChangeEntry, "event" | "fieldLabel">): string {
  return entry.event ? TOOL_EVENT_TITLES[entry.event] : `${entry.fieldLabel} changed`;
}

export function describeChangeValue(field: string, value: unknown): ChangeValue {
  if (field === "status") return { kind: "text", text: statusText(value) };
  const fact = factFromChangeField(field);
  // A fact is logged whole (value, detail, source, date): the log reads its answer and detail.
  if (fact) return { kind: "text", text: value ? truncate(factSummary(fact, value as ToolFact)) : UNKNOWN_FACT_TEXT };
  if (value === null || value === undefined || value === "") return { kind: "empty" };
  if (field === "pricing") {
    const items = pricingSummary(value);
    return items.length === 0 ? { kind: "empty" } : { kind: "list", items };
  }
  if (Array.isArray(value)) {
    const items = value.map((item) => truncate(String(item), 80)).filter((item) => item !== "");
    return items.length === 0 ? { kind: "empty" } : { kind: "list", items };
  }
  if (field === "pricingModel" && isPricingModel(value)) return { kind: "text", text: PRICING_MODEL_LABELS[value] };
  // Descriptions are stored as HTML: the log shows what a reader saw, never markup.
  const text = field === "description" ? descriptionText(String(value)) : String(value);
  return text === "" ? { kind: "empty" } : { kind: "text", text: truncate(text) };
}

/** The value on one line, for feeds and plain text. */
export function changeValueText(value: ChangeValue): string {
  if (value.kind === "empty") return "(none)";
  return value.kind === "text" ? value.text : value.items.join(", ");
}

/**
 * An administrator's address is never shown to the public: actorName holds their public name
 * (decision 147), and rows written before it may hold an address, shown as "an administrator".
 */
export function publicActorName(actorName: string): string {
  return actorName.includes("@") || actorName.trim() === "" ? "an administrator" : actorName;
}

/** "Ada", or "AI proposal accepted by Ada"; read after "changed by". */
export function changeAuthorText(origin: "admin" | "proposal", actorName: string): string {
  const name = publicActorName(actorName);
  return origin === "proposal" ? `AI proposal accepted by ${name}` : name;
}

/** A web page a new value came from (the same shape as the server's FactSource). */
export type ChangeSource = { url: string; title: string; snippet: string };

/** One entry of the log as every reader shows it. */
export type ChangeEntry = {
  id: string;
  toolId: string;
  toolSlug: string;
  toolName: string;
  field: string;
  fieldLabel: string;
  /** Set when the entry is a change of status: then it reads as this event, not as a field. */
  event: ToolEvent | null;
  before: ChangeValue;
  after: ChangeValue;
  /** "Ada", or "AI proposal accepted by Ada". */
  author: string;
  origin: "admin" | "proposal";
  sources: ChangeSource[];
  createdAt: Date;
};

/** A source is linked only when it is a web address: it came from a search result, not from us. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}
