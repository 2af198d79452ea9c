import { z } from "zod";

/** A review's text, at most this many characters (issue 33); the database holds the same bound. */
export const REVIEW_MAX_LENGTH = 2000;
/** "What I used it for": a short phrase, not a second review. */
export const USED_FOR_MAX_LENGTH = 100;
/** The tool page shows this many reviews, in the order chosen. */
export const REVIEWS_SHOWN = 20;

/** The tool page's address parameter that orders its reviews: a link, so it works without JavaScript. */
export const REVIEW_SORT_PARAM = "reviews";
export const REVIEW_SORTS = ["helpful", "newest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = { helpful: "Most helpful", newest: "Newest" };

/** Anything but "newest" is the default order, so a mistyped address still shows the page. */
export function parseReviewSort(value: string | null | undefined): ReviewSort {
  return value === "newest" ? "newest" : "helpful";
}

const storable = (text: string) => !text.includes("\u0000");

/** An optional text field: trimmed, blank is "not given". */
function optionalText(max: number, tooLong: string, label: string) {
  return z
    .string()
    .trim()
    .max(max, { error: tooLong })
    .refine(storable, { error: `${label} contains a character that cannot be stored` })
    .optional()
    .transform((text) => (text ? text : null));
}

/**
 * The review fields of the vote form. Both blank: the vote is a plain star vote and leaves any
 * review it had as it was (deleting one is its own button). "Used for" needs a review beside it.
 */
export const reviewFieldsSchema = z
  .object({
    review: optionalText(REVIEW_MAX_LENGTH, "Review must be at most 2,000 characters", "Review"),
    usedFor: optionalText(
      USED_FOR_MAX_LENGTH,
      `"Used for" must be at most ${USED_FOR_MAX_LENGTH} characters`,
      "Used for",
    ),
  })
  .refine((fields) => fields.review !== null || fields.usedFor === null, {
    error: "Write a review to say what you used the tool for",
  });
export type ReviewFields = z.output<typeof reviewFieldsSchema>;

/** The rating distribution's line for one star value, as a screen reader reads the bar. */
export function distributionText(stars: number, votes: number): string {
  return `${stars} ${stars === 1 ? "star" : "stars"}: ${votes} ${votes === 1 ? "vote" : "votes"}`;
}
