/** The alternatives page lists this many; the tool page shows the first ALTERNATIVES_PREVIEW. */
export const ALTERNATIVES_LIMIT = 24;
export const ALTERNATIVES_PREVIEW = 6;

export const alternativesPath = (slug: string) => `/tool/${slug}/alternatives`;

/**
 * One line on why a tool is an alternative (decision 169): the job it shares, in its tag's own
 * words ("Also creates images from text prompts", from the description "Creates images from text
 * prompts."); the category only when no job is shared; "Chosen by the editors" for a pin that
 * shares neither. `sharedTags` come the most telling first.
 */
export function alternativeReason({
  pinned,
  category,
  sameCategory,
  sharedTags,
}: {
  pinned: boolean;
  category: string;
  sameCategory: boolean;
  sharedTags: readonly { name: string; description: string | null }[];
}): string {
  const [first] = sharedTags;
  if (first) {
    const phrase = first.description?.trim().replace(/[.!]+$/, "");
    if (!phrase) return `Also for ${first.name.toLowerCase()}`;
    // "Creates images" reads "also creates images"; a name or an acronym ("API", "Google") keeps its capital.
    return `Also ${/^[A-Z][a-z]/.test(phrase) ? phrase.charAt(0).toLowerCase() + phrase.slice(1) : phrase}`;
  }
  if (sameCategory) return `Also in ${category}`;
  return pinned ? "Chosen by the editors" : "";
}
