/**
 * How alike two tools are in what they are for (issue 32, decision 169). Three things count:
 * the tags both hold, each weighted by its rarity in the catalogue (a tag on a handful of tools
 * says more than one on half of them); the category, weighted like a common tag; and the telling
 * words of the taglines. Generic tags (platforms, plans, access) and the pricing model never
 * count: they say how a tool is sold or reached, not what it does. Tags and category are compared
 * as a cosine, so a tool that also does much else scores lower than one that does just this, with
 * a prior added to both lengths so a tool with a single tag cannot look like a perfect match.
 */

/** What the comparison needs of a tool. */
export type SimilarityTool = { id: string; category: string; tagIds: readonly string[]; tagline: string | null };

/** What the comparison knows of a tag: its weight (rarity) and kind. A tag it does not know does not count. */
export type WeightedTag = { weight: number; kind: "job" | "field" };

export type SimilarityWeights = {
  tags: ReadonlyMap<string, WeightedTag>;
  category: number;
  word: (word: string) => number;
};

/** The category weighs as much as a tag held by this share of the catalogue. */
export const CATEGORY_SHARE = 0.12;
/**
 * Added to each tool's squared length, in squared category weights: what a tool's tags leave
 * unsaid. Relative to the category's weight so a small catalogue's lower weights keep their sense.
 */
const LENGTH_PRIOR = 1.9;
/** The taglines' share of the score; the tags and category have the rest. */
const WORDS_SHARE = 0.3;
/** Listed only from this similarity up (0 to 1): below it a tool is too unlike to be an alternative. */
export const SIMILARITY_THRESHOLD = 0.2;
/**
 * Listed only from this share of the closest listed candidate up (members' votes included). When a
 * tool has close alternatives, one far less alike shares a side feature rather than the job (a
 * video generator for an avatar-video tool, a voice app for game characters for a text-to-speech
 * tool); when it has none, the absolute threshold alone decides.
 */
export const RELATIVE_THRESHOLD = 0.55;

/** A tag's or word's weight: the log of how many times rarer than "every tool" it is, never below a small floor. */
export function rarityWeight(toolCount: number, holders: number): number {
  return Math.max(0.1, Math.log((toolCount + 1) / (Math.max(1, holders) + 0.5)));
}

export type Similarity = {
  /** 0 to 1; 0 when the candidate is no alternative at all. */
  score: number;
  /** The job and field tags both hold, the rarest (most telling) first. */
  sharedTagIds: string[];
};

/**
 * A candidate is no alternative when it is made for a field the source is not made for (a
 * symptom checker is no alternative to a general assistant), or when the source has job tags and
 * the candidate shares none of them (a shared category alone is not the same job).
 */
export function similarity(source: SimilarityTool, candidate: SimilarityTool, weights: SimilarityWeights): Similarity {
  const known = (tool: SimilarityTool) => tool.tagIds.filter((id) => weights.tags.has(id));
  const sourceTags = known(source);
  const candidateTags = new Set(known(candidate));
  const weightOf = (id: string) => weights.tags.get(id)!.weight;
  const kindOf = (id: string) => weights.tags.get(id)!.kind;
  const sharedTagIds = sourceTags
    .filter((id) => candidateTags.has(id))
    .sort((a, b) => weightOf(b) - weightOf(a) || a.localeCompare(b));
  const none = { score: 0, sharedTagIds };

  const candidateFields = [...candidateTags].filter((id) => kindOf(id) === "field");
  if (candidateFields.length > 0 && !candidateFields.some((id) => sourceTags.includes(id))) return none;
  const sourceHasJobs = sourceTags.some((id) => kindOf(id) === "job");
  if (sourceHasJobs && !sharedTagIds.some((id) => kindOf(id) === "job")) return none;
  const sameCategory = source.category === candidate.category;
  if (sharedTagIds.length === 0 && !sameCategory) return none;

  const length = (ids: Iterable<string>) =>
    weights.category ** 2 * (1 + LENGTH_PRIOR) + [...ids].reduce((sum, id) => sum + weightOf(id) ** 2, 0);
  const dot = sharedTagIds.reduce((sum, id) => sum + weightOf(id) ** 2, sameCategory ? weights.category ** 2 : 0);
  const tagScore = dot / Math.sqrt(length(sourceTags) * length(candidateTags));
  const words = wordSimilarity(taglineWords(source.tagline), taglineWords(candidate.tagline), weights.word);
  return { score: (1 - WORDS_SHARE) * tagScore + WORDS_SHARE * words, sharedTagIds };
}

/** Words too common in any tool's tagline to say what it is for. */
const STOP_WORDS = new Set(
  (
    "a an and any are as at by for from in into is it its of on or the to with without your you that this their " +
    "them than through across inside more most own ai tool tools app apps"
  ).split(" "),
);

/** A tagline's telling words: lower case, no stop words, a plural's "s" dropped so "images" meets "image". */
export function taglineWords(tagline: string | null): string[] {
  const words = (tagline ?? "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2 && !STOP_WORDS.has(word))
    .map(singular);
  return [...new Set(words)];
}

export const singular = (word: string) =>
  word.length > 4 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word;

/** Cosine of two word sets, each word weighted by `weight` (its rarity). */
export function wordSimilarity(a: readonly string[], b: readonly string[], weight: (word: string) => number): number {
  const inB = new Set(b);
  const norm = (words: readonly string[]) => words.reduce((sum, word) => sum + weight(word) ** 2, 0);
  const dot = a.filter((word) => inB.has(word)).reduce((sum, word) => sum + weight(word) ** 2, 0);
  const denominator = Math.sqrt(norm(a) * norm(b));
  return denominator > 0 ? dot / denominator : 0;
}
