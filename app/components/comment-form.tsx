import { useCallback, useEffect, useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { needsSignIn } from "~/lib/community-actions";
import { COMMENT_MAX_LENGTH } from "~/lib/members";
import { useCommunityFetcher } from "./use-community-fetcher";

/**
 * The comment box: the post button waits for non-blank text and is disabled while saving; on
 * success the box clears and the list reloads (the page's loaders revalidate).
 */
export function CommentForm({
  signedIn,
  onReloading,
}: {
  signedIn: boolean;
  onReloading: (reloading: boolean) => void;
}) {
  const [text, setText] = useState("");
  const clearText = useCallback(() => setText(""), []);
  const { fetcher, promptSignIn } = useCommunityFetcher({ onDone: clearText });
  // Before hydration the button stays enabled, so the form still posts without JavaScript (the
  // server refuses blank text); once React runs, it follows the text.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const ids = { field: useId(), count: useId(), error: useId() };
  const saving = fetcher.state === "submitting";
  const error = fetcher.data && !fetcher.data.ok && !needsSignIn(fetcher.data) ? fetcher.data.formError : undefined;

  useEffect(() => onReloading(fetcher.state === "loading"), [fetcher.state, onReloading]);

  return (
    <fetcher.Form
      method="post"
      className="space-y-2"
      onSubmit={(event) => {
        if (!signedIn) {
          event.preventDefault();
          promptSignIn("comment");
        }
      }}
    >
      <input type="hidden" name="intent" value="comment" />
      <label htmlFor={ids.field} className="block text-sm font-medium">
        Add a comment
      </label>
      <textarea
        id={ids.field}
        name="content"
        rows={3}
        required
        maxLength={COMMENT_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={signedIn ? "Share your experience with this tool" : "Sign in to share your experience"}
        aria-describedby={error ? `${ids.count} ${ids.error}` : ids.count}
        aria-invalid={error ? true : undefined}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <div className="flex items-center justify-between gap-4">
        <p id={ids.count} className="text-xs text-slate-600 dark:text-slate-400">
          {text.length.toLocaleString("en-US")}/{COMMENT_MAX_LENGTH.toLocaleString("en-US")} characters
        </p>
        <Button type="submit" size="sm" disabled={saving || (hydrated && text.trim() === "")}>
          {saving ? "Posting..." : "Post Comment"}
        </Button>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fetcher.Form>
  );
}
