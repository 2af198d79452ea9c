import { timeAgo } from "~/lib/relative-time";
import type { ToolComment } from "~/server/community/comments.server";

/** Comments as plain text: React escapes it, so nothing a user types becomes markup. */
export function CommentList({ comments }: { comments: ToolComment[] }) {
  if (comments.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-400">No comments yet. Be the first to comment!</p>;
  }
  return (
    <ul className="space-y-4">
      {comments.map((comment) => {
        const author = comment.username || "Anonymous";
        return (
          <li key={comment.id} className="flex gap-3">
            {comment.avatarUrl ? (
              <img
                src={comment.avatarUrl}
                alt=""
                width={40}
                height={40}
                className="h-10 w-10 rounded-full object-cover"
              />
            ) : (
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200"
              >
                {author.slice(0, 1).toUpperCase()}
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p className="text-sm">
                <span className="font-semibold">{author}</span>{" "}
                <time
                  dateTime={new Date(comment.createdAt).toISOString()}
                  className="text-slate-600 dark:text-slate-400"
                >
                  {timeAgo(comment.createdAt)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-800 dark:text-slate-200">
                {comment.content}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
