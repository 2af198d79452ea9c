import { ALL_CATEGORY, isToolCategory, type ToolCategory } from "./categories";
import {
  HAS_FILTER_PHRASES,
  HAS_FILTERS,
  type HasFilter,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
} from "./fact-filters";
import { parsePage } from "./format";
import { MAX_QUERY_LENGTH } from "./limits";
import { PRICING_MODEL_LABELS, PRICING_MODELS, type PricingModel } from "./pricing-model";

/**
 * What a tool list shows, as its address says it: `?q=`, `category=`, `pricing=` (repeatable,
 * any of them), `tag=` (repeatable, all of them), `has=` and `platform=` (repeatable, all of them:
 * app/lib/fact-filters.ts), `sort=` and `page=`. The home, category and tag
 * pages read it with parseToolFilters and write links with toolFiltersSearch, so every view is
 * an address that works without JavaScript and can be shared.
 */
export const TOOL_SORTS = ["relevance", "trending", "top-rated", "most-voted", "newest", "name"] as const;

export type ToolSort = (typeof TOOL_SORTS)[number];

export const TOOL_SORT_LABELS: Record<ToolSort, string> = {
  relevance: "Most relevant",
  // The last 7 days' views, website clicks, saves and votes (app/lib/trending.ts, decision 179).
  trending: "Trending",
  "top-rated": "Top rated",
  "most-voted": "Most voted",
  newest: "Newest",
  name: "Name (A-Z)",
};

/** More tags than this in one filter narrow nothing further; the rest are ignored. */
export const MAX_TAG_FILTERS = 5;

export type ToolFilters = {
  query: string;
  category: ToolCategory | null;
  pricing: PricingModel[];
  /** Tag slugs; a tool must carry all of them. */
  tags: string[];
  /** Facts a tool must have (recorded as yes), all of them; absent is none. */
  has?: HasFilter[];
  /** Platforms a tool must run on, all of them; absent is none. */
  platforms?: Platform[];
  /** What the visitor asked for; null means the page's default (see effectiveSort). */
  sort: ToolSort | null;
  page: number;
  /**
   * `?status=discontinued`: the tools an administrator marked discontinued (the graveyard)
   * instead of the listed ones; lists leave them out otherwise (decision 069).
   */
  discontinued?: boolean;
};

const TAG_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

function isToolSort(value: string | null): value is ToolSort {
  return value !== null && (TOOL_SORTS as readonly string[]).includes(value);
}

/** Reads the filters from a query string; anything unknown is dropped, never an error. */
export function parseToolFilters(params: URLSearchParams): ToolFilters {
  const category = params.get("category");
  const pricing = PRICING_MODELS.filter((model) => params.getAll("pricing").includes(model));
  const tags = [...new Set(params.getAll("tag").filter((slug) => TAG_SLUG.test(slug)))].slice(0, MAX_TAG_FILTERS);
  // In the lists' own order, each once: equal views read equal filters.
  const has = HAS_FILTERS.filter((value) => params.getAll("has").includes(value));
  const platforms = PLATFORMS.filter((value) => params.getAll("platform").includes(value));
  const sort = params.get("sort");
  return {
    query: (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH),
    category: category && category !== ALL_CATEGORY && isToolCategory(category) ? category : null,
    pricing,
    tags,
    has,
    platforms,
    sort: isToolSort(sort) ? sort : null,
    page: parsePage(params.get("page")),
    discontinued: params.get("status") === "discontinued",
  };
}

/**
 * The order a list is shown in: the visitor's choice, else relevance for a text search, else the
 * page's own default (newest on home, top rated on a category page as the spec orders it).
 * Relevance without a text has nothing to rank by and falls back the same way.
 */
export function effectiveSort(filters: Pick<ToolFilters, "query" | "sort">, pageDefault: ToolSort): ToolSort {
  if (filters.sort && (filters.sort !== "relevance" || filters.query)) return filters.sort;
  return filters.query ? "relevance" : pageDefault;
}

/** The query string for filters (without `?`), in a stable order so equal views share an address. */
export function toolFiltersSearch(filters: Partial<ToolFilters>, { keepCategory = true } = {}): string {
  const params = new URLSearchParams();
  if (filters.query) params.set("q", filters.query);
  if (keepCategory && filters.category) params.set("category", filters.category);
  for (const model of PRICING_MODELS) if (filters.pricing?.includes(model)) params.append("pricing", model);
  for (const tag of [...(filters.tags ?? [])].sort()) params.append("tag", tag);
  for (const value of HAS_FILTERS) if (filters.has?.includes(value)) params.append("has", value);
  for (const value of PLATFORMS) if (filters.platforms?.includes(value)) params.append("platform", value);
  if (filters.sort) params.set("sort", filters.sort);
  if (filters.discontinued) params.set("status", "discontinued");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params.toString();
}

/** Whether anything narrows the list (text, category, pricing, tags or facts); the sort narrows nothing. */
export function isFiltered(filters: ToolFilters, { ignoreCategory = false } = {}): boolean {
  return (
    filters.query !== "" ||
    (!ignoreCategory && filters.category !== null) ||
    filters.pricing.length > 0 ||
    filters.tags.length > 0 ||
    activeFactFilterCount(filters) > 0 ||
    filters.discontinued === true
  );
}

/** How many fact filters (`has=`, `platform=`) are on. */
export function activeFactFilterCount(filters: Pick<ToolFilters, "has" | "platforms">): number {
  return (filters.has?.length ?? 0) + (filters.platforms?.length ?? 0);
}

/**
 * Whether search engines index the view: a page of the whole list in its default order. A search,
 * a filter or a chosen order narrows or reshuffles it (noindex, follow); the page number does not.
 */
export function isIndexedView(filters: ToolFilters, { ignoreCategory = false } = {}): boolean {
  return !isFiltered(filters, { ignoreCategory }) && filters.sort === null;
}

/** A list of words joined the way a sentence does: "A", "A or B", "A, B or C". */
function listInWords(words: string[], conjunction: "and" | "or"): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} ${conjunction} ${words.at(-1)}`;
}

/**
 * The heading for what a list shows: "Free or Freemium Image AI Tools tagged Transcription
 * matching “logo”", or "All AI Tools" when nothing narrows it.
 */
export function describeToolList({
  filters,
  category,
  tagNames,
}: {
  filters: ToolFilters;
  category: string | null;
  tagNames: string[];
}): string {
  const pricing = filters.pricing.map((model) => PRICING_MODEL_LABELS[model]);
  if (filters.discontinued) {
    const narrowed = describeToolList({ filters: { ...filters, discontinued: false }, category, tagNames });
    return `Discontinued ${narrowed.replace(/^All /, "")}`;
  }
  if (
    !category &&
    pricing.length === 0 &&
    tagNames.length === 0 &&
    activeFactFilterCount(filters) === 0 &&
    !filters.query
  )
    return "All AI Tools";
  const subject = [listInWords(pricing, "or"), category].filter(Boolean).join(" ");
  const facts = (filters.has ?? []).map((value) => HAS_FILTER_PHRASES[value]);
  const platforms = (filters.platforms ?? []).map((value) => PLATFORM_LABELS[value]);
  // "tagged Transcription with an API and open source code on iOS and Android"
  const tagged = [
    tagNames.length > 0 ? ` tagged ${listInWords(tagNames, "and")}` : "",
    facts.length > 0 ? ` with ${listInWords(facts, "and")}` : "",
    platforms.length > 0 ? ` on ${listInWords(platforms, "and")}` : "",
  ].join("");
  const matching = filters.query ? ` matching “${filters.query}”` : "";
  // Only a text narrows it: still all the catalogue's tools, those that match.
  const all = !subject && !tagged ? "All " : "";
  return `${subject ? `${subject} ` : all}AI Tools${tagged}${matching}`;
}

/**
 * The filters a search box must carry along as hidden fields (a GET form replaces the whole query
 * string): everything but the text itself and the page. Repeated fields are joined for the form's
 * single-value hidden inputs by the caller.
 */
export function hiddenFilterFields(filters: ToolFilters, { keepCategory = true } = {}): [string, string][] {
  const fields: [string, string][] = [];
  if (keepCategory && filters.category) fields.push(["category", filters.category]);
  for (const model of filters.pricing) fields.push(["pricing", model]);
  for (const tag of filters.tags) fields.push(["tag", tag]);
  for (const value of filters.has ?? []) fields.push(["has", value]);
  for (const value of filters.platforms ?? []) fields.push(["platform", value]);
  if (filters.sort && filters.sort !== "relevance") fields.push(["sort", filters.sort]);
  if (filters.discontinued) fields.push(["status", "discontinued"]);
  return fields;
}
