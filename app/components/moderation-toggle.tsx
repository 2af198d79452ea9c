import { useLocation } from "react-router";
import type { CommunityIntent } from "~/lib/community-actions";
import { DISCLOSURE_SUMMARY_CLASSES } from "./report-form";
import { useCommunityFetcher } from "./use-community-fetcher";

/** What an administrator hides and restores on the tool page, and the form field naming it. */
const SUBJECT_FIELDS = { comment: "commentId", review: "reviewId" } as const;

/**
 * An administrator's Hide (a visible comment or review) or Restore (a hidden one), in one click; a
 * review's star vote stays either way. The button names the author to a screen reader.
 */
export function ModerationToggle({
  subject,
  id,
  hidden,
  author,
}: {
  subject: keyof typeof SUBJECT_FIELDS;
  id: string;
  hidden: boolean;
  author: string;
}) {
  const { fetcher } = useCommunityFetcher();
  const { pathname } = useLocation();
  const intent: CommunityIntent = `${hidden ? "restore" : "hide"}-${subject}`;
  return (
    <fetcher.Form method="post" action={pathname}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={SUBJECT_FIELDS[subject]} value={id} />
      <button type="submit" className={DISCLOSURE_SUMMARY_CLASSES} disabled={fetcher.state !== "idle"}>
        {hidden ? "Restore" : "Hide"}
        <span className="sr-only">
          {" "}
          the {subject} by {author}
        </span>
      </button>
    </fetcher.Form>
  );
}
