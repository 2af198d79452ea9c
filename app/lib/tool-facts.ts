import { isLinkableUrl } from "./web-address";

/**
 * The facts people choose a tool by (issue 32, decisions 157 and 164): their names, labels and
 * shapes, and the one zod schema the admin form, the research assistant, the refresh proposals,
 * the catalogue import and the server's writes all check a fact with. A fact nobody has checked
 * is absent, and every reader shows it as unknown: it is never guessed. The zod schema of a fact is in
 * tool-facts-schema.ts, so the pages that only show facts load no zod in the browser (decision 186).
 */

export const TOOL_FACTS = [
  "free_plan",
  "api",
  "open_source",
  "self_hostable",
  "platforms",
  "trains_on_your_data",
  "data_retention",
  "certifications",
] as const;
export type ToolFactName = (typeof TOOL_FACTS)[number];

export function isToolFactName(value: unknown): value is ToolFactName {
  return typeof value === "string" && (TOOL_FACTS as readonly string[]).includes(value);
}

export const TOOL_FACT_LABELS: Record<ToolFactName, string> = {
  free_plan: "Free plan",
  api: "API",
  open_source: "Open source",
  self_hostable: "Self-hostable",
  platforms: "Platforms",
  trains_on_your_data: "Trains on your data",
  data_retention: "Data retention",
  certifications: "Certifications",
};

/** What a fact's detail text says, as its form field is labelled. */
export const TOOL_FACT_DETAIL_LABELS: Record<ToolFactName, string> = {
  free_plan: "Limits",
  api: "Docs link",
  open_source: "Licence",
  self_hostable: "Detail",
  platforms: "Detail",
  trains_on_your_data: "Detail",
  data_retention: "Retention",
  certifications: "Detail",
};

export const PLATFORMS = ["web", "ios", "android", "windows", "macos", "linux", "browser-extension"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = {
  web: "Web",
  ios: "iOS",
  android: "Android",
  windows: "Windows",
  macos: "macOS",
  linux: "Linux",
  "browser-extension": "Browser extension",
};

export function isPlatform(value: unknown): value is Platform {
  return typeof value === "string" && (PLATFORMS as readonly string[]).includes(value);
}

export type FactValue = "yes" | "no" | "opt-out";

export const FACT_VALUE_LABELS: Record<FactValue, string> = { yes: "Yes", no: "No", "opt-out": "Opt-out" };

/**
 * How each fact is told: a yes/no answer (with a short detail: the free plan's limits, the API's
 * docs link, the licence), yes/no/opt-out, a list (platforms from PLATFORMS, certifications as
 * written), or a short text (data retention). Migration 0023's checks hold the same shapes.
 */
export type FactKind = "yes-no" | "yes-no-opt-out" | "platforms" | "list" | "text";

export const TOOL_FACT_KINDS: Record<ToolFactName, FactKind> = {
  free_plan: "yes-no",
  api: "yes-no",
  open_source: "yes-no",
  self_hostable: "yes-no",
  platforms: "platforms",
  trains_on_your_data: "yes-no-opt-out",
  data_retention: "text",
  certifications: "list",
};

export function valuesFor(fact: ToolFactName): readonly FactValue[] {
  const kind = TOOL_FACT_KINDS[fact];
  if (kind === "yes-no") return ["yes", "no"];
  if (kind === "yes-no-opt-out") return ["yes", "no", "opt-out"];
  return [];
}

export const TOOL_FACT_LIMITS = { detail: 300, items: 12, itemLength: 60, sourceUrl: 2048 } as const;

export const TOOL_FACT_MESSAGES = {
  valueUnknown: "Choose a value from the list",
  platformUnknown: "Choose platforms from the list",
  itemsRequired: "List at least one item, or leave the fact unknown",
  itemTooLong: `Each item must be at most ${TOOL_FACT_LIMITS.itemLength} characters`,
  itemsTooMany: `At most ${TOOL_FACT_LIMITS.items} items`,
  detailRequired: "Describe the retention, or leave the fact unknown",
  detailTooLong: `Detail must be at most ${TOOL_FACT_LIMITS.detail} characters`,
  sourceRequired: "Source URL is required when the fact is known",
  sourceInvalid: "Source URL must be a web address (https://…)",
  checkedInvalid: "Checked date must be a date (YYYY-MM-DD)",
  checkedInFuture: "Checked date cannot be in the future",
} as const;

/** One known fact, as stored and as every reader receives it. */
export type ToolFact = {
  /** "yes", "no" or "opt-out" for the answered facts; null for lists and texts. */
  value: FactValue | null;
  /** Platforms or certifications; empty for the others. */
  items: string[];
  /** The free plan's limits, the API's docs link, the licence, the retention text; "" when none. */
  detail: string;
  sourceUrl: string;
  /** The day it was checked, YYYY-MM-DD. */
  checkedAt: string;
};

/** A tool's known facts; a missing key is an unknown fact. */
export type ToolFacts = Partial<Record<ToolFactName, ToolFact>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today, YYYY-MM-DD in UTC: the checked date a form starts with. */
export function today(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A fact's source: a plain web address, the page a reader can open to check it. */
export function isFactSourceUrl(value: string): boolean {
  return /^https?:\/\//i.test(value) && isLinkableUrl(value);
}

// ---------------------------------------------------------------- reading

/** Whether two facts say the same thing from the same page (the checked date aside). */
export function sameFact(a: ToolFact | undefined, b: ToolFact | undefined): boolean {
  if (!a || !b) return a === b;
  return (
    a.value === b.value &&
    a.detail === b.detail &&
    a.sourceUrl === b.sourceUrl &&
    a.items.length === b.items.length &&
    a.items.every((item, index) => item === b.items[index])
  );
}

/** "Yes", "Opt-out", "Web, iOS", "SOC 2, ISO 27001", or the retention text: the fact's answer in a few words. */
export function factValueText(fact: ToolFactName, value: ToolFact): string {
  const kind = TOOL_FACT_KINDS[fact];
  if (kind === "platforms")
    return value.items.map((item) => (isPlatform(item) ? PLATFORM_LABELS[item] : item)).join(", ");
  if (kind === "list") return value.items.join(", ");
  if (kind === "text") return value.detail;
  return value.value ? FACT_VALUE_LABELS[value.value] : "";
}

/** The answer with its detail, on one line: "Yes (25 messages a day)". */
export function factSummary(fact: ToolFactName, value: ToolFact): string {
  const answer = factValueText(fact, value);
  const kind = TOOL_FACT_KINDS[fact];
  return kind !== "text" && value.detail !== "" ? `${answer} (${value.detail})` : answer;
}

export const UNKNOWN_FACT_TEXT = "Unknown";

/** The change log's field name for a fact ("facts.api"), beside the form's field names. */
export function factChangeField(fact: ToolFactName): string {
  return `facts.${fact}`;
}

export function factFromChangeField(field: string): ToolFactName | null {
  const name = field.startsWith("facts.") ? field.slice("facts.".length) : "";
  return isToolFactName(name) ? name : null;
}

// Made once: toLocaleDateString with options builds a formatter on every call (1.3% of a tool page's CPU).
const checkedDayFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "27 Nov 2026": a checked date as the tool page reads it (no time zone can move a plain day). */
export function checkedDateText(day: string): string {
  if (!isCalendarDay(day)) return day;
  return checkedDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** The API's and export's value of a fact: the answer, the list, or the retention text. */
export type PublicFactValue = FactValue | string[] | string;

export type PublicFact = { value: PublicFactValue; detail: string; source_url: string; checked_at: string };

export function publicFact(fact: ToolFactName, value: ToolFact): PublicFact {
  const kind = TOOL_FACT_KINDS[fact];
  const main: PublicFactValue =
    kind === "platforms" || kind === "list" ? value.items : kind === "text" ? value.detail : (value.value ?? "");
  return {
    value: main,
    detail: kind === "text" ? "" : value.detail,
    source_url: value.sourceUrl,
    checked_at: value.checkedAt,
  };
}

/** The `facts` object of the API and the export: every fact named, null when unknown. */
export function publicFacts(facts: ToolFacts): Record<ToolFactName, PublicFact | null> {
  return Object.fromEntries(
    TOOL_FACTS.map((name) => [name, facts[name] ? publicFact(name, facts[name]) : null]),
  ) as Record<ToolFactName, PublicFact | null>;
}

/** A public fact read back (the catalogue import): the stored shape, unchecked. */
export function factFromPublic(fact: ToolFactName, value: PublicFact): Record<string, unknown> {
  const kind = TOOL_FACT_KINDS[fact];
  return {
    value: kind === "yes-no" || kind === "yes-no-opt-out" ? value.value : null,
    items: kind === "platforms" || kind === "list" ? value.value : [],
    detail: kind === "text" ? value.value : value.detail,
    sourceUrl: value.source_url,
    checkedAt: value.checked_at,
  };
}
