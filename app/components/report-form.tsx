import { useId, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/cn";
import { REPORT_NOTE_MAX } from "~/lib/members";
import { useCommunityFetcher } from "./use-community-fetcher";

/** The look of a <summary> that opens a small form: a quiet text button, keyboard-focusable as it is. */
export const DISCLOSURE_SUMMARY_CLASSES =
  "cursor-pointer list-none rounded text-sm font-medium text-slate-600 hover:text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-slate-400 dark:hover:text-slate-100 [&::-webkit-details-marker]:hidden";

/** The box a disclosure's form opens in, below its summary. */
export const DISCLOSURE_PANEL_CLASSES =
  "mt-2 space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-800 dark:bg-slate-900";

/**
 * A report (of a comment, a review or the listing) behind a disclosure: a reason to choose and an
 * optional note. A plain form inside <details>, so it opens and posts without JavaScript; with it,
 * a fetcher sends it, a toast answers, and the disclosure closes on success.
 */
export function ReportForm<Reason extends string>({
  intent,
  commentId,
  reviewId,
  summary,
  legend,
  reasons,
  labels,
  className,
}: {
  intent: "report-comment" | "report-listing" | "report-review";
  commentId?: string;
  reviewId?: string;
  summary: ReactNode;
  legend: string;
  reasons: readonly Reason[];
  labels: Record<Reason, string>;
  className?: string;
}) {
  const disclosure = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const { fetcher } = useCommunityFetcher({
    onDone: () => {
      form.current?.reset();
      if (disclosure.current) disclosure.current.open = false;
    },
  });
  const { pathname } = useLocation();
  const ids = { reason: useId(), note: useId(), noteHint: useId() };
  const sending = fetcher.state !== "idle";

  return (
    <details ref={disclosure} className={cn("open:basis-full", className)}>
      <summary className={DISCLOSURE_SUMMARY_CLASSES}>{summary}</summary>
      <fetcher.Form ref={form} method="post" action={pathname} className={DISCLOSURE_PANEL_CLASSES}>
        <input type="hidden" name="intent" value={intent} />
        {commentId && <input type="hidden" name="commentId" value={commentId} />}
        {reviewId && <input type="hidden" name="reviewId" value={reviewId} />}
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{legend}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {reasons.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  required
                  className="h-4 w-4 accent-indigo-600 dark:accent-indigo-400"
                />
                {labels[reason]}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-1">
          <label htmlFor={ids.note} className="block text-sm font-medium text-slate-900 dark:text-slate-100">
            Details (optional)
          </label>
          <Textarea
            id={ids.note}
            name="note"
            rows={2}
            maxLength={REPORT_NOTE_MAX}
            aria-describedby={ids.noteHint}
            className="min-h-16"
          />
          <p id={ids.noteHint} className="text-xs text-slate-600 dark:text-slate-400">
            Up to {REPORT_NOTE_MAX} characters. Administrators read every report.
          </p>
        </div>
        <Button type="submit" size="sm" variant="outline" disabled={sending}>
          {sending ? "Sending..." : "Send report"}
        </Button>
      </fetcher.Form>
    </details>
  );
}
