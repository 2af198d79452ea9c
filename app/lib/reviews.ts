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

/** The rating distribution's line for one star value, as a screen reader reads the bar. */
export function distributionText(stars: number, votes: number): string {
  return `${stars} ${stars === 1 ? "star" : "stars"}: ${votes} ${votes === 1 ? "vote" : "votes"}`;
}
