import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import {
  answeredIntent,
  failureToast,
  needsSignIn,
  signInPrompt,
  successToast,
  type CommunityIntent,
} from "~/lib/community-actions";
import { toast } from "~/lib/toast";
import { useSignInDialog } from "./sign-in-dialog";

/** Asks a signed-out visitor to sign in for an intent: the intent's toast, then the sign-in dialog. */
export function useSignInPrompt() {
  const { openSignIn } = useSignInDialog();
  return useCallback(
    (intent: CommunityIntent) => {
      const prompt = signInPrompt(intent);
      toast.error(prompt.title, { description: prompt.description });
      openSignIn();
    },
    [openSignIn],
  );
}

/**
 * A fetcher for the tool page's action whose answers become toasts: the action's success toast
 * (then `onDone`), a sign-in prompt with the dialog when the session is gone, else the failure's.
 * `promptSignIn` is the same prompt, for a signed-out visitor who tries before posting.
 */
export function useCommunityFetcher({
  onDone,
  settleOn = "reload",
}: {
  onDone?: (result: ActionResult) => void;
  /**
   * "reload" answers once the page's data has reloaded after a success (the new comment is in the
   * list when the toast shows); "answer" as soon as the action answers, for a form whose success
   * removes it from the page (a deleted comment's), which would not be there to answer later.
   */
  settleOn?: "answer" | "reload";
} = {}) {
  const fetcher = useFetcher<ActionResult>();
  const promptSignIn = useSignInPrompt();
  // The latest callback, without making the effect run again when the caller re-renders.
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });

  // Each answer is handled once (the ref), however often the effect runs.
  const seen = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    const settled = settleOn === "answer" ? fetcher.state !== "submitting" : fetcher.state === "idle";
    if (!settled || !result || seen.current === result) return;
    seen.current = result;
    // Every answer to the page's own forms names its intent (`form`).
    const intent = answeredIntent(result);
    if (result.ok && intent) {
      const { title, description } = successToast(intent);
      toast.success(title, { description });
      done.current?.(result);
    } else if (needsSignIn(result) && intent) {
      promptSignIn(intent);
    } else {
      const { title, description } = failureToast(result);
      toast.error(title, { description });
    }
  }, [fetcher.state, fetcher.data, promptSignIn, settleOn]);

  return { fetcher, promptSignIn };
}
