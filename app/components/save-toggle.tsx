import { Bookmark } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { toast } from "~/lib/toast";
import { cn } from "~/lib/cn";
import {
  SAVED_PATH,
  SAVED_TOASTS,
  saveFailureToast,
  withoutSaveAfterSignIn,
  withSaveAfterSignIn,
  type SavedState,
} from "~/lib/saved-tools";
import { signInHref } from "~/lib/sign-in-link";
import { buttonClasses } from "./ui/button";
import { useSignInDialog } from "./sign-in-dialog";

type SaveToggleProps = {
  tool: { id: string; slug: string; name: string };
  saved: boolean;
  signedIn: boolean;
  /** "page": a labelled button beside the tool's name; "card": an icon button over a tool card. */
  variant: "page" | "card";
  className?: string;
};

/**
 * Saves or removes a tool (decision 062). Signed in, it is a form posting to /saved, so it works
 * without JavaScript (the page comes back with the new state); with it, a fetcher updates in place
 * and a toast (a polite live region) says what happened, while aria-pressed carries the state.
 * Signed out, it is a link to the sign-in page whose return address finishes the save; with
 * JavaScript the sign-in dialog opens instead, with the same return address.
 */
export function SaveToggle({ tool, saved, signedIn, variant, className }: SaveToggleProps) {
  const fetcher = useFetcher<ActionResult<SavedState>>();
  const { openSignIn } = useSignInDialog();
  const location = useLocation();
  const here = withoutSaveAfterSignIn(`${location.pathname}${location.search}`);
  const afterSignIn = withSaveAfterSignIn(here, tool.slug);
  // What the person just asked for shows at once; the page's data confirms it after the post.
  const shown = fetcher.formData ? fetcher.formData.get("intent") === "save" : saved;
  const label = variant === "card" ? `Save ${tool.name}` : undefined;

  const seen = useRef<ActionResult<SavedState> | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || seen.current === result) return;
    seen.current = result;
    if (result.ok) {
      const done = result.data?.saved ? SAVED_TOASTS.saved : SAVED_TOASTS.removed;
      toast.success(done.title, { description: done.description });
    } else if (result.code === "unauthorized") {
      // The session ended since the page was drawn.
      promptSignIn();
    } else {
      const { title, description } = saveFailureToast(result);
      toast.error(title, { description });
    }
  });

  function promptSignIn() {
    toast.error(SAVED_TOASTS.signIn.title, { description: SAVED_TOASTS.signIn.description });
    openSignIn("sign-in", { returnTo: afterSignIn });
  }

  const look =
    variant === "page"
      ? buttonClasses({ variant: shown ? "default" : "outline", size: "sm" })
      : cn(
          "inline-flex h-9 w-9 items-center justify-center rounded-full border bg-white text-slate-700 shadow-sm transition hover:border-indigo-400 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:bg-slate-900 dark:text-slate-200 dark:hover:text-indigo-300",
          shown
            ? "border-indigo-500 text-indigo-700 dark:border-indigo-400 dark:text-indigo-300"
            : "border-slate-300 dark:border-slate-700",
        );
  const icon = (
    <Bookmark aria-hidden="true" className={cn(variant === "page" ? "h-4 w-4" : "h-5 w-5", shown && "fill-current")} />
  );

  if (!signedIn) {
    return (
      <Link
        to={signInHref({ pathname: afterSignIn, search: "" })}
        className={cn(look, className)}
        aria-label={label}
        onClick={(event) => {
          event.preventDefault();
          promptSignIn();
        }}
      >
        {icon}
        {variant === "page" && "Save"}
      </Link>
    );
  }

  return (
    <fetcher.Form method="post" action={SAVED_PATH} className={className}>
      <input type="hidden" name="intent" value={shown ? "unsave" : "save"} />
      <input type="hidden" name="toolId" value={tool.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={look} aria-pressed={shown} aria-label={label}>
        {icon}
        {variant === "page" && (shown ? "Saved" : "Save")}
      </button>
    </fetcher.Form>
  );
}
