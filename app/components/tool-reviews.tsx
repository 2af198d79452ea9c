import { Star } from "lucide-react";
import { useId } from "react";
import { Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { COMMENT_REPORT_REASON_LABELS, COMMENT_REPORT_REASONS } from "~/lib/members";
import { distributionText, REVIEW_SORT_LABELS, REVIEW_SORT_PARAM, REVIEW_SORTS, type ReviewSort } from "~/lib/reviews";
import type { ToolReview } from "~/server/community/reviews.server";
import { DISCLOSURE_PANEL_CLASSES, DISCLOSURE_SUMMARY_CLASSES, ReportForm } from "./report-form";
import { ModerationToggle } from "./moderation-toggle";
import { TimeAgo } from "./time-ago";
import { useCommunityFetcher } from "./use-community-fetcher";

const muted = "text-sm text-slate-600 dark:text-slate-400";

/**
 * How the votes spread over 5 to 1 stars: one bar per value, each a list item a screen reader
 * reads as text ("4 stars: 3 votes"), the bar itself only drawn.
 */
export function RatingDistribution({ distribution }: { distribution: { stars: number; votes: number }[] }) {
  const total = distribution.reduce((sum, row) => sum + row.votes, 0);
  return (
    <ul aria-label="Rating distribution" className="max-w-md space-y-1">
      {distribution.map(({ stars, votes }) => (
        <li key={stars} className="flex items-center gap-3 text-sm">
          <span className="sr-only">{distributionText(stars, votes)}</span>
          <span aria-hidden="true" className="w-14 shrink-0 text-slate-700 dark:text-slate-300">
            {stars} {stars === 1 ? "star" : "stars"}
          </span>
          <span aria-hidden="true" className="h-2.5 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
            <span
              className="block h-full rounded-full bg-amber-400"
              style={{ width: `${total === 0 ? 0 : Math.round((votes / total) * 100)}%` }}
            />
          </span>
          <span aria-hidden="true" className="w-8 shrink-0 text-right tabular-nums text-slate-600 dark:text-slate-400">
            {votes}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The two orders as links in the address, so the choice works without JavaScript and each order is cached. */
function SortLinks({ sort }: { sort: ReviewSort }) {
  const location = useLocation();
  const hrefFor = (choice: ReviewSort) => {
    const params = new URLSearchParams(location.search);
    if (choice === "helpful") params.delete(REVIEW_SORT_PARAM);
    else params.set(REVIEW_SORT_PARAM, choice);
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}#reviews-heading`;
  };
  return (
    <nav aria-label="Sort reviews" className="flex gap-3 text-sm">
      <span className={muted}>Sort by</span>
      {REVIEW_SORTS.map((choice) => (
        <Link
          key={choice}
          to={hrefFor(choice)}
          preventScrollReset
          aria-current={choice === sort ? "true" : undefined}
          className={cn(
            "font-medium hover:underline",
            choice === sort ? "text-slate-900 underline dark:text-white" : "text-indigo-700 dark:text-indigo-300",
          )}
        >
          {REVIEW_SORT_LABELS[choice]}
        </Link>
      ))}
    </nav>
  );
}

/** The stars a review gave, drawn, with the rating as text. */
function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={`Rated ${rating} of 5`}>
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden="true"
          className={cn(
            "h-4 w-4",
            star <= rating ? "fill-amber-400 text-amber-500" : "text-slate-300 dark:text-slate-600",
          )}
        />
      ))}
    </span>
  );
}

/**
 * The tool's reviews: the distribution, the order, then each review with its stars, author, what it
 * was used for and its helpful count. Members mark others' reviews helpful and report them; the
 * author deletes their own (the stars stay); an administrator hides and restores any. Plain forms,
 * so all of it works without JavaScript.
 */
export function ToolReviews({
  distribution,
  reviewCount,
  reviews,
  sort,
  signedIn,
  viewerIsAdmin,
}: {
  distribution: { stars: number; votes: number }[];
  reviewCount: number;
  reviews: ToolReview[];
  sort: ReviewSort;
  signedIn: boolean;
  /** An administrator sees hidden reviews too, and hides or restores any. */
  viewerIsAdmin: boolean;
}) {
  return (
    <section aria-labelledby="reviews-heading" className="space-y-4">
      <h2 id="reviews-heading" className="text-xl font-semibold">
        Ratings and reviews
      </h2>
      <RatingDistribution distribution={distribution} />
      {reviews.length === 0 ? (
        <p className={muted}>No reviews yet. Rate this tool and say how you used it.</p>
      ) : (
        <>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <p className={muted}>
              {reviewCount} {reviewCount === 1 ? "review" : "reviews"}
              {reviewCount > reviews.length ? `, the first ${reviews.length} shown` : ""}
            </p>
            <SortLinks sort={sort} />
          </div>
          <ul className="space-y-4">
            {reviews.map((review) => (
              <ReviewItem key={review.id} review={review} signedIn={signedIn} moderates={viewerIsAdmin} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function ReviewItem({ review, signedIn, moderates }: { review: ToolReview; signedIn: boolean; moderates: boolean }) {
  const author = review.authorName || "Anonymous";
  return (
    <li
      id={`review-${review.id}`}
      className={cn(
        "scroll-mt-24 rounded-lg border border-slate-200 p-4 dark:border-slate-800",
        review.hidden && "border-dashed border-amber-400 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/40",
      )}
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <ReviewStars rating={review.rating} />
        {review.displayName ? (
          <Link
            to={`/u/${encodeURIComponent(review.displayName)}`}
            className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
          >
            {author}
          </Link>
        ) : (
          <span className="font-semibold">{author}</span>
        )}
        <TimeAgo at={review.reviewedAt} className="text-slate-600 dark:text-slate-400" />
        {review.hidden && (
          <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">
            Hidden by a moderator
          </span>
        )}
      </p>
      {review.usedFor && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <span className="font-medium">Used for:</span> {review.usedFor}
        </p>
      )}
      <p className="mt-2 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">{review.review}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className={muted}>
          {review.helpfulCount === 1
            ? "1 person found this helpful"
            : `${review.helpfulCount} people found this helpful`}
        </span>
        {!review.isOwn && !review.hidden && (
          <HelpfulButton reviewId={review.id} author={author} marked={review.markedHelpful} signedIn={signedIn} />
        )}
        {signedIn && !review.isOwn && !review.hidden && (
          <ReportForm
            intent="report-review"
            reviewId={review.id}
            summary={
              <>
                Report<span className="sr-only"> the review by {author}</span>
              </>
            }
            legend="Why are you reporting this review?"
            reasons={COMMENT_REPORT_REASONS}
            labels={COMMENT_REPORT_REASON_LABELS}
          />
        )}
        {moderates && <ModerationToggle subject="review" id={review.id} hidden={review.hidden} author={author} />}
        {review.isOwn && (
          <>
            <a href="#rate-heading" className={DISCLOSURE_SUMMARY_CLASSES}>
              Edit<span className="sr-only"> your review</span>
            </a>
            <DeleteReview />
          </>
        )}
      </div>
    </li>
  );
}

/** "Helpful", once per member; a signed-out visitor is asked to sign in first. */
function HelpfulButton({
  reviewId,
  author,
  marked,
  signedIn,
}: {
  reviewId: string;
  author: string;
  marked: boolean;
  signedIn: boolean;
}) {
  const { fetcher, promptSignIn } = useCommunityFetcher();
  const { pathname } = useLocation();
  if (marked) return <span className={muted}>You found this helpful</span>;
  return (
    <fetcher.Form method="post" action={pathname}>
      <input type="hidden" name="intent" value="mark-helpful" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <Button
        type="submit"
        size="sm"
        variant="outline"
        disabled={fetcher.state !== "idle"}
        onClick={(event) => {
          if (!signedIn) {
            event.preventDefault();
            promptSignIn("mark-helpful");
          }
        }}
      >
        Helpful<span className="sr-only"> (the review by {author})</span>
      </Button>
    </fetcher.Form>
  );
}

/** Deleting one's review, behind a question; the star vote stays. */
function DeleteReview() {
  const { fetcher } = useCommunityFetcher({ settleOn: "answer" });
  const { pathname } = useLocation();
  const questionId = useId();
  const deleting = fetcher.state === "submitting";
  return (
    <details className="open:basis-full">
      <summary className={DISCLOSURE_SUMMARY_CLASSES}>
        Delete<span className="sr-only"> your review</span>
      </summary>
      <fetcher.Form method="post" action={pathname} aria-describedby={questionId} className={DISCLOSURE_PANEL_CLASSES}>
        <input type="hidden" name="intent" value="delete-review" />
        <p id={questionId} className="text-sm text-slate-800 dark:text-slate-200">
          Delete your review? Your star rating stays.
        </p>
        <Button
          type="submit"
          size="sm"
          disabled={deleting}
          className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
        >
          {deleting ? "Deleting..." : "Delete review"}
        </Button>
      </fetcher.Form>
    </details>
  );
}
