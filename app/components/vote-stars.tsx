import { Star } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { ActionResult } from "~/lib/action-result";
import { COMMUNITY_TOASTS, failureToast, needsSignIn } from "~/lib/community-actions";
import { cn } from "~/lib/cn";
import { REVIEW_MAX_LENGTH, USED_FOR_MAX_LENGTH } from "~/lib/reviews";
import { DISCLOSURE_SUMMARY_CLASSES } from "./report-form";
import { Button } from "./ui/button";
import { Input } from "./ui/input";
import { Textarea } from "./ui/textarea";
import { useSignInDialog } from "./sign-in-dialog";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The 'Rate this tool' stars: filled up to the user's rating (or the one being saved), disabled
 * while saving. Each star is a submit button, so voting also works without JavaScript.
 *
 * A member's vote may carry a review (issue 33): its fields sit in the same form, so a star posts
 * them with the vote; blank, the vote is a plain star vote and keeps any review it had.
 */
export function VoteStars({
  toolName,
  myRating,
  myReview,
  signedIn,
}: {
  toolName: string;
  myRating: number | null;
  myReview: { review: string; usedFor: string | null; hidden: boolean } | null;
  signedIn: boolean;
}) {
  const fetcher = useFetcher<ActionResult>();
  const { openSignIn } = useSignInDialog();
  const saving = fetcher.state !== "idle";
  const pending = fetcher.formData ? Number(fetcher.formData.get("rating")) : null;
  const shown = pending ?? myRating ?? 0;

  const seen = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || seen.current === result) return;
    seen.current = result;
    if (result.ok)
      toast.success(COMMUNITY_TOASTS.voteRecorded.title, { description: COMMUNITY_TOASTS.voteRecorded.description });
    else if (needsSignIn(result)) promptSignIn();
    else {
      const { title, description } = failureToast(result);
      toast.error(title, { description });
    }
  });

  function promptSignIn() {
    toast.error(COMMUNITY_TOASTS.voteSignIn.title, { description: COMMUNITY_TOASTS.voteSignIn.description });
    openSignIn();
  }

  return (
    <fetcher.Form method="post" aria-label={`Rate ${toolName}`}>
      <input type="hidden" name="intent" value="vote" />
      <div className="flex gap-1">
        {STARS.map((star) => (
          <button
            key={star}
            type="submit"
            name="rating"
            value={star}
            disabled={saving}
            aria-pressed={star <= shown}
            aria-label={`Rate ${star} ${star === 1 ? "star" : "stars"}`}
            className="rounded p-0.5 transition-transform hover:scale-110 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-wait"
            onClick={(event) => {
              if (!signedIn) {
                event.preventDefault();
                promptSignIn();
              }
            }}
          >
            <Star
              aria-hidden="true"
              className={cn(
                "h-7 w-7",
                star <= shown ? "fill-amber-400 text-amber-500" : "text-slate-400 dark:text-slate-500",
              )}
            />
          </button>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
        {saving
          ? "Saving your vote..."
          : myRating
            ? `Your rating: ${myRating} of 5`
            : signedIn
              ? "Click a star to vote"
              : "Sign in to rate this tool"}
      </p>
      {signedIn && <ReviewFields myRating={myRating} myReview={myReview} saving={saving} />}
    </fetcher.Form>
  );
}

/** The review behind a disclosure, open when there is one to edit. */
function ReviewFields({
  myRating,
  myReview,
  saving,
}: {
  myRating: number | null;
  myReview: { review: string; usedFor: string | null; hidden: boolean } | null;
  saving: boolean;
}) {
  const ids = { review: useId(), usedFor: useId(), hint: useId() };
  return (
    <details open={myReview !== null} className="mt-3 max-w-sm">
      <summary className={DISCLOSURE_SUMMARY_CLASSES}>{myReview ? "Your review" : "Add a review (optional)"}</summary>
      <div className="mt-2 space-y-2">
        {myReview?.hidden && (
          <p className="text-xs text-amber-800 dark:text-amber-200">A moderator hid this review: only you see it.</p>
        )}
        <label htmlFor={ids.review} className="block text-sm font-medium">
          Your review
        </label>
        <Textarea
          id={ids.review}
          name="review"
          rows={4}
          maxLength={REVIEW_MAX_LENGTH}
          defaultValue={myReview?.review ?? ""}
          aria-describedby={ids.hint}
          className="min-h-24"
        />
        <label htmlFor={ids.usedFor} className="block text-sm font-medium">
          What did you use it for? (optional)
        </label>
        <Input id={ids.usedFor} name="usedFor" maxLength={USED_FOR_MAX_LENGTH} defaultValue={myReview?.usedFor ?? ""} />
        <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
          Up to 2,000 characters.{" "}
          {myRating ? "Save it, or choose other stars to change your rating with it." : "Choose your stars to post it."}
        </p>
        {myRating && (
          <Button type="submit" name="rating" value={myRating} size="sm" variant="outline" disabled={saving}>
            Save review
          </Button>
        )}
      </div>
    </details>
  );
}
