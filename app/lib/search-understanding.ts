import type { PricingModel } from "./pricing-model";

/**
 * What the search understood of a text (decision 155), as the server answers it and the pages show it:
 * never applied silently.
 */

export type FilterIntent = "free" | "open-source" | "self-hosted" | "api";

/** A filter the words named: what it is, and the search without the words that named it. */
export type RecognisedFilter = { intent: FilterIntent; label: string; queryWithout: string };

/**
 * The same reading as the list's own parameters, for machines (the API and MCP, decision 161): the
 * filters the words applied, and the tools a page they named is about, by slug.
 */
export type SearchIntent = {
  /** Applied to the results: pricing models (any of them) and tag slugs (all of them). */
  filters: { pricing: PricingModel[]; tags: string[] };
  /** "alternatives to X", "like X": X's slug; the results are tools like it. */
  alternativesTo: string | null;
  /** "X vs Y": both tools' slugs. */
  compare: [string, string] | null;
};

export type SearchUnderstanding = {
  /** Filters the words named: a chip each, linking to the search without those words. */
  filters: RecognisedFilter[];
  /** A page the words named: "Alternatives to Midjourney" or "Compare ChatGPT and Claude". */
  link: { label: string; href: string } | null;
  /** When nothing matched: words of the catalogue that look like the query's. */
  didYouMean: string[];
  /** When nothing matched: tags and categories whose names hold a word of the query. */
  relatedTags: { slug: string; name: string }[];
  relatedCategories: string[];
  intent: SearchIntent;
};
