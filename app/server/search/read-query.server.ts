import type { FilterIntent, RecognisedFilter } from "~/lib/search-understanding";
import { STOP_WORDS } from "./stop-words.server";
import { SYNONYM_GROUPS } from "./synonyms.server";

/**
 * What a search text asks, read without the database (decision 155): its words grouped into
 * concepts (a word, or a phrase of the synonym list, each with the phrases that mean the same), the
 * site's own filters it names ("free", "open source", "self-hosted", "with an API"), and the pages it
 * names ("alternatives to X", "X alternatives", "like X", "X vs Y").
 */

/** One thing the query asks for: any of its phrases matches it. */
export type Concept = {
  /** The words as typed (lower case), the first phrase. */
  typed: string;
  /** Phrases that mean the same, the typed one first; a phrase is lower-case words joined by spaces. */
  phrases: string[];
  /** The last word of the query, matched as the beginning of a word too. */
  prefix: boolean;
  /** A single word that may be a typo (neither a stop word nor part of a synonym). */
  correctable: boolean;
};

export type ReadQuery = {
  /** The query's words, lower case, joined by spaces. */
  normalized: string;
  concepts: Concept[];
  filters: RecognisedFilter[];
  /** "alternatives to X", "X alternatives", "like X", "similar to X": X's words. */
  alternativesTo: string | null;
  /** "X vs Y": both sides' words. */
  compare: [string, string] | null;
};

const FILTER_LABELS: Record<FilterIntent, string> = {
  free: "Free",
  "open-source": "Open source",
  "self-hosted": "Self-hosted",
  api: "API",
};

/** Word sequences naming a filter, longest first at each position. */
const FILTER_PHRASES: { words: string[]; intent: FilterIntent }[] = [
  { words: ["with", "an", "api"], intent: "api" },
  { words: ["with", "api"], intent: "api" },
  { words: ["api"], intent: "api" },
  { words: ["apis"], intent: "api" },
  { words: ["open", "source"], intent: "open-source" },
  { words: ["opensource"], intent: "open-source" },
  { words: ["self", "hosted"], intent: "self-hosted" },
  { words: ["self", "host"], intent: "self-hosted" },
  { words: ["selfhosted"], intent: "self-hosted" },
  { words: ["for", "free"], intent: "free" },
  { words: ["free"], intent: "free" },
  { words: ["freemium"], intent: "free" },
];

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const synonymEntries = SYNONYM_GROUPS.flatMap((group) =>
  group.map((entry) => ({ words: wordsOf(entry), group: group.map((phrase) => wordsOf(phrase).join(" ")) })),
).sort((a, b) => b.words.length - a.words.length);

const startsWith = (words: string[], at: number, phrase: string[]) =>
  phrase.every((word, offset) => words[at + offset] === word);

/** The concepts of a run of words: synonym phrases first (longest), then each word not a stop word. */
function conceptsOf(words: string[], endsTyping: boolean): Concept[] {
  const concepts: Concept[] = [];
  let at = 0;
  while (at < words.length) {
    const entry = synonymEntries.find((candidate) => startsWith(words, at, candidate.words));
    if (entry) {
      const typed = entry.words.join(" ");
      concepts.push({
        typed,
        phrases: [typed, ...entry.group.filter((phrase) => phrase !== typed)],
        prefix: false,
        correctable: false,
      });
      at += entry.words.length;
      continue;
    }
    const word = words[at]!;
    if (!STOP_WORDS.has(word)) concepts.push({ typed: word, phrases: [word], prefix: false, correctable: true });
    at++;
  }
  const last = concepts.at(-1);
  // The last word is still being typed unless the text ends in a space; a phrase is whole.
  if (last && last.correctable && endsTyping && last.typed === words.at(-1)) last.prefix = true;
  return concepts;
}

export function readQuery(text: string): ReadQuery {
  const all = wordsOf(text);
  const endsTyping = !/\s$/.test(text);
  const filters: RecognisedFilter[] = [];
  const kept: string[] = [];
  let at = 0;
  while (at < all.length) {
    const phrase = FILTER_PHRASES.find((candidate) => startsWith(all, at, candidate.words));
    if (phrase && !filters.some((filter) => filter.intent === phrase.intent)) {
      const without = [...all.slice(0, at), ...all.slice(at + phrase.words.length)].join(" ");
      filters.push({ intent: phrase.intent, label: FILTER_LABELS[phrase.intent], queryWithout: without });
      at += phrase.words.length;
      continue;
    }
    kept.push(all[at]!);
    at++;
  }

  let alternativesTo: string | null = null;
  let compare: [string, string] | null = null;
  let words = kept;
  const versus = kept.findIndex((word) => word === "vs" || word === "versus");
  const joined = kept.join(" ");
  const alternativesMatch =
    /^(?:(?:the )?(?:best )?alternatives? (?:to|for) |similar to |like |tools like |apps like )(.+)$/.exec(joined) ??
    /^(.+?) alternatives?$/.exec(joined);
  if (versus > 0 && versus < kept.length - 1) {
    compare = [kept.slice(0, versus).join(" "), kept.slice(versus + 1).join(" ")];
    words = [...kept.slice(0, versus), ...kept.slice(versus + 1)];
  } else if (alternativesMatch?.[1]) {
    alternativesTo = alternativesMatch[1];
    words = wordsOf(alternativesTo);
  }
  return {
    normalized: all.join(" "),
    concepts: conceptsOf(words, endsTyping && !/ alternatives?$/.test(joined)),
    filters,
    alternativesTo,
    compare,
  };
}
