import { Star } from "lucide-react";
import { formatRating, formatVoteCount } from "~/lib/format";

/** The average (one decimal or 'N/A') with the number of votes behind it. */
export function RatingSummary({ rating, voteCount }: { rating: number | null; voteCount: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm text-slate-700 dark:text-slate-300">
      <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-500" />
      <span className="font-semibold">{formatRating(rating)}</span>
      <span className="text-slate-600 dark:text-slate-400">({formatVoteCount(voteCount)})</span>
    </span>
  );
}
