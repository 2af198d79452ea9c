import { useEffect, useId, useRef } from "react";
import { Link, useLocation, useNavigate, type Location } from "react-router";
import { Button, ButtonLink } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { EDIT_COMMENT_PARAM, type CommunityIntent } from "~/lib/community-actions";
import { COMMENT_MAX_LENGTH, COMMENT_REPORT_REASON_LABELS, COMMENT_REPORT_REASONS } from "~/lib/members";
import type { ToolComment } from "~/server/community/comments.server";
import { DISCLOSURE_PANEL_CLASSES, DISCLOSURE_SUMMARY_CLASSES, ReportForm } from "./report-form";
import { ModerationToggle } from "./moderation-toggle";
import { useCommunityFetcher } from "./use-community-fetcher";

/** The page's address with a comment's edit box open (`commentId`) or closed (null). */
export function editCommentHref(location: Pick<Location, "pathname" | "search">, commentId: string | null) {
  const params = new URLSearchParams(location.search);
  if (commentId) params.set(EDIT_COMMENT_PARAM, commentId);
  else params.delete(EDIT_COMMENT_PARAM);
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ""}`;
}

/**
 * What the viewer may do to one comment: its author edits it (while allowed) and deletes it; other
 * members report it; an administrator hides or restores it and deletes anyone's. Every control is
 * a link or a plain form (confirmations and the report form open in <details>), so all of it works
 * without JavaScript; with it, fetchers post and toasts answer. A signed-out visitor gets none.
 */
export function CommentActions({
  comment,
  author,
  signedIn,
  viewerIsAdmin,
}: {
  comment: ToolComment;
  author: string;
  signedIn: boolean;
  viewerIsAdmin: boolean;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  if (!signedIn) return null;
  const canReport = !comment.isOwn && !comment.hidden;
  const moderates = viewerIsAdmin;
  if (!comment.isOwn && !canReport && !moderates) return null;

  const editHref = editCommentHref(location, comment.id);
  return (
    <div className="mt-2 flex flex-wrap items-start gap-x-4 gap-y-2">
      {comment.canEdit && (
        <Link
          // Without JavaScript the page comes back with the box open, scrolled to the comment.
          to={`${editHref}#comment-${comment.id}`}
          className={DISCLOSURE_SUMMARY_CLASSES}
          onClick={(event) => {
            event.preventDefault();
            void navigate(editHref, { preventScrollReset: true });
          }}
        >
          Edit<span className="sr-only"> your comment</span>
        </Link>
      )}
      {comment.isOwn && (
        <ConfirmedCommentAction
          intent="delete-comment"
          commentId={comment.id}
          which="your comment"
          question="Delete your comment? This cannot be undone."
        />
      )}
      {canReport && (
        <ReportForm
          intent="report-comment"
          commentId={comment.id}
          summary={
            <>
              Report<span className="sr-only"> the comment by {author}</span>
            </>
          }
          legend="Why are you reporting this comment?"
          reasons={COMMENT_REPORT_REASONS}
          labels={COMMENT_REPORT_REASON_LABELS}
        />
      )}
      {moderates && <ModerationToggle subject="comment" id={comment.id} hidden={comment.hidden} author={author} />}
      {moderates && !comment.isOwn && (
        <ConfirmedCommentAction
          intent="moderate-delete-comment"
          commentId={comment.id}
          which={`the comment by ${author}`}
          question="Delete this comment for everyone? Its reports close with it, and the moderation log keeps what it said."
        />
      )}
    </div>
  );
}

/** The hidden fields every comment action posts. */
function CommentFields({ intent, commentId }: { intent: CommunityIntent; commentId: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="commentId" value={commentId} />
    </>
  );
}

/**
 * Deleting a comment, behind a question: the disclosure asks, its button does it. `which` names
 * the comment to a screen reader, among the page's many "Delete"s.
 */
function ConfirmedCommentAction({
  intent,
  commentId,
  which,
  question,
}: {
  intent: CommunityIntent;
  commentId: string;
  which: string;
  question: string;
}) {
  // Success removes this comment from the page, so the toast cannot wait for the reload.
  const { fetcher } = useCommunityFetcher({ settleOn: "answer", onDone: focusCommentsHeading });
  const { pathname } = useLocation();
  const questionId = useId();
  const deleting = fetcher.state === "submitting";
  return (
    <details className="open:basis-full">
      <summary className={DISCLOSURE_SUMMARY_CLASSES}>
        Delete<span className="sr-only"> {which}</span>
      </summary>
      <fetcher.Form method="post" action={pathname} aria-describedby={questionId} className={DISCLOSURE_PANEL_CLASSES}>
        <CommentFields intent={intent} commentId={commentId} />
        <p id={questionId} className="text-sm text-slate-800 dark:text-slate-200">
          {question}
        </p>
        <Button
          type="submit"
          size="sm"
          disabled={deleting}
          className="bg-red-700 text-white hover:bg-red-800 dark:bg-red-500 dark:text-slate-950 dark:hover:bg-red-400"
        >
          {deleting ? "Deleting..." : "Delete comment"}
        </Button>
      </fetcher.Form>
    </details>
  );
}

/** The deleted comment had focus; the comments' heading takes it, so a keyboard keeps its place. */
function focusCommentsHeading() {
  document.getElementById("comments-heading")?.focus();
}

/**
 * The author's edit box, shown in place of the text while the address says ?edit={id}. Saved, the
 * box closes; refused (past the window, say), it stays with what was typed and a toast says why.
 */
export function CommentEditForm({ comment }: { comment: ToolComment }) {
  const location = useLocation();
  const navigate = useNavigate();
  const closeHref = editCommentHref(location, null);
  const { fetcher } = useCommunityFetcher({
    onDone: () => void navigate(closeHref, { replace: true, preventScrollReset: true }),
  });
  const field = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();
  // Opened by a click, the box takes the focus, as the disclosures' forms are reached by Tab.
  useEffect(() => field.current?.focus(), []);
  const saving = fetcher.state === "submitting";
  return (
    <fetcher.Form method="post" action={location.pathname} className="mt-1 space-y-2">
      <CommentFields intent="edit-comment" commentId={comment.id} />
      <label htmlFor={fieldId} className="block text-sm font-medium">
        Edit your comment
      </label>
      <Textarea
        ref={field}
        id={fieldId}
        name="content"
        rows={3}
        required
        maxLength={COMMENT_MAX_LENGTH}
        defaultValue={comment.content}
        className="min-h-20"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? "Saving..." : "Save changes"}
        </Button>
        <ButtonLink to={`${closeHref}#comment-${comment.id}`} preventScrollReset variant="ghost" size="sm">
          Cancel
        </ButtonLink>
      </div>
    </fetcher.Form>
  );
}
