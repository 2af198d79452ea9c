import { Star } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "~/lib/toast";
import type { ActionResult } from "~/lib/action-result";
import { COMMUNITY_TOASTS, failureToast, needsSignIn } from "~/lib/community-actions";
import { cn } from "~/lib/cn";
import { useSignInDialog } from "./sign-in-dialog";

const STARS = [1, 2, 3, 4, 5] as const;

/**
 * The 'Rate this tool' stars: filled up to the user's rating (or the one being saved), disabled
 * while saving. Each star is a submit button, so voting also works without JavaScript.
 */
export function VoteStars({
  toolName,
  myRating,
  signedIn,
}: {
  toolName: string;
  myRating: number | null;
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
    </fetcher.Form>
  );
}
