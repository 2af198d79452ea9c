import { Link, useSearchParams } from "react-router";
import { cn } from "~/lib/cn";
import { EDIT_COMMENT_PARAM } from "~/lib/community-actions";
import type { ToolComment } from "~/server/community/comments.server";
import { CommentActions, CommentEditForm } from "./comment-actions";
import { MakerBadge } from "./maker-badge";
import { MemberAvatar } from "./member-avatar";
import { TimeAgo } from "./time-ago";

/**
 * Comments as plain text: React escapes it, so nothing a user types becomes markup. Each shows its
 * author (linked to their profile when they chose a public name), when, and "edited"; a hidden one
 * (sent only to its author and administrators) is marked. No list items but the comments, so the
 * list reads as "N items" to a screen reader.
 */
export function CommentList({
  comments,
  signedIn,
  viewerIsAdmin,
}: {
  comments: ToolComment[];
  signedIn: boolean;
  viewerIsAdmin: boolean;
}) {
  const [searchParams] = useSearchParams();
  const editing = searchParams.get(EDIT_COMMENT_PARAM);
  if (comments.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No comments yet. Be the first to comment!</p>;
  }
  return (
    <ul className="space-y-4">
      {comments.map((comment) => {
        const author = comment.authorName || "Anonymous";
        return (
          <li
            key={comment.id}
            id={`comment-${comment.id}`}
            className={cn(
              "flex scroll-mt-24 gap-3",
              comment.hidden &&
                "rounded-lg border border-dashed border-amber-400 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/40",
            )}
          >
            <MemberAvatar url={comment.avatarUrl} initial={author} size={40} />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                {comment.displayName ? (
                  <Link
                    to={`/u/${encodeURIComponent(comment.displayName)}`}
                    className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {author}
                  </Link>
                ) : (
                  <span className="font-semibold">{author}</span>
                )}
                {comment.isMaker && <MakerBadge title="The verified maker of this tool" />}
                <TimeAgo at={comment.createdAt} className="text-slate-600 dark:text-slate-400" />
                {comment.editedAt && (
                  <span
                    className="text-slate-600 dark:text-slate-400"
                    title={`Edited ${new Date(comment.editedAt).toISOString()}`}
                  >
                    (edited)
                  </span>
                )}
                {comment.hidden && (
                  <span className="rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-800 dark:text-amber-50">
                    {comment.isOwn && !viewerIsAdmin ? "Hidden by a moderator" : "Hidden"}
                  </span>
                )}
              </p>
              {editing === comment.id && comment.canEdit ? (
                <CommentEditForm comment={comment} />
              ) : (
                <p className="mt-1 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
                  {comment.content}
                </p>
              )}
              <CommentActions comment={comment} author={author} signedIn={signedIn} viewerIsAdmin={viewerIsAdmin} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
