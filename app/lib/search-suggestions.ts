/**
 * The search boxes' suggestions while typing (decision 160): what /search/suggest answers and the
 * combobox shows. Each suggestion is a page of the site; the query itself stays the form's to submit.
 */

export const SUGGEST_PATH = "/search/suggest";

/** Fewer letters than this ask for nothing: a single letter starts too many names to be a hint. */
export const SHORTEST_SUGGESTED = 2;
/** The most suggestions one answer holds, of every kind together. */
export const SUGGESTION_LIMIT = 8;
/** The longest text the endpoint reads; a longer one is cut (no one types a name this long). */
export const LONGEST_SUGGESTED = 100;

export type SearchSuggestion = {
  kind: "tool" | "tag" | "category" | "page";
  /** What the option says: the tool's, tag's or category's name, or the page's title. */
  label: string;
  /** The site path the option opens. */
  href: string;
  /** A second, quieter line: the tool's category, "Tag", "Category". */
  detail: string;
};

export type SuggestAnswer = { q: string; suggestions: SearchSuggestion[] };

/** The text as the endpoint reads it, so the browser asks for the same address the server caches. */
export function suggestText(typed: string): string {
  return typed.trim().replace(/\s+/g, " ").toLowerCase().slice(0, LONGEST_SUGGESTED);
}

export function suggestUrl(text: string): string {
  return `${SUGGEST_PATH}?${new URLSearchParams({ q: text })}`;
}
