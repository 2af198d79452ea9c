/** One decimal, or 'N/A' for a tool nobody has rated (spec section 2). */
export function formatRating(rating: number | null | undefined): string {
  return rating == null ? "N/A" : rating.toFixed(1);
}

export function formatVoteCount(count: number): string {
  return count === 1 ? "1 vote" : `${count.toLocaleString("en-US")} votes`;
}

/** Whole numbers with thousands separators, the same on server and browser. */
export function formatCount(count: number): string {
  return count.toLocaleString("en-US");
}

const dateFormat = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});

/** Dates are stored as ISO days; shown in a fixed locale and zone so server and browser agree. */
export function formatDate(isoDate: string): string {
  const date = new Date(isoDate.length === 10 ? `${isoDate}T00:00:00Z` : isoDate);
  if (Number.isNaN(date.getTime())) return isoDate;
  return dateFormat.format(date);
}

/** Reads a 1-based page number from a query parameter; anything else is page 1. */
export function parsePage(value: string | null): number {
  const page = Number.parseInt(value ?? "", 10);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/** Text of a description as a reader sees it: tags dropped, spaces collapsed. */
export function descriptionText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}
