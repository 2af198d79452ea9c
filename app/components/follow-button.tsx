import { BellPlus, BellRing } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { cn } from "~/lib/cn";
import { FOLLOW_PATH, FOLLOW_TOASTS, followFailureToast, type FollowState, type FollowTarget } from "~/lib/follows";
import { signInHref } from "~/lib/sign-in-link";
import { toast } from "~/lib/toast";
import { useSignInDialog } from "./sign-in-dialog";
import { buttonClasses } from "./ui/button";

/**
 * Follows or unfollows a tool, a category or a tag (decision 180). Like the save toggle (decision
 * 062): signed in, a form posting to /follow, so it works without JavaScript, and with it a
 * fetcher updates in place with a toast; aria-pressed carries the state. Signed out, a link to
 * sign in and come back (the sign-in dialog with JavaScript). `following` is null for a visitor,
 * whose page is the same for everyone.
 */
export function FollowButton({
  target,
  following,
  className,
  label,
}: {
  target: FollowTarget;
  following: boolean | null;
  className?: string;
  /** The button's words when "Follow" alone would not say what (the Following list's "Unfollow"). */
  label?: string;
}) {
  const fetcher = useFetcher<ActionResult<FollowState>>();
  const { openSignIn } = useSignInDialog();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const shown = fetcher.formData ? fetcher.formData.get("intent") === "follow" : following === true;

  const seen = useRef<ActionResult<FollowState> | undefined>(undefined);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result || seen.current === result) return;
    seen.current = result;
    if (result.ok) {
      const done = result.data?.following ? FOLLOW_TOASTS.followed : FOLLOW_TOASTS.unfollowed;
      toast.success(done.title, { description: done.description });
    } else if (result.code === "unauthorized") {
      promptSignIn();
    } else {
      const { title, description } = followFailureToast(result);
      toast.error(title, { description });
    }
  });

  function promptSignIn() {
    toast.error(FOLLOW_TOASTS.signIn.title, { description: FOLLOW_TOASTS.signIn.description });
    openSignIn("sign-in", { returnTo: here });
  }

  const look = buttonClasses({ variant: shown ? "default" : "outline", size: "sm" });
  const Icon = shown ? BellRing : BellPlus;
  const words = label ?? (shown ? "Following" : "Follow");
  const accessibleName = `${label ?? "Follow"} ${target.name}`;

  if (following === null) {
    return (
      <Link
        to={signInHref({ pathname: here, search: "" })}
        className={cn(look, className)}
        aria-label={accessibleName}
        onClick={(event) => {
          event.preventDefault();
          promptSignIn();
        }}
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
        {words}
      </Link>
    );
  }

  return (
    <fetcher.Form method="post" action={FOLLOW_PATH} className={className}>
      <input type="hidden" name="intent" value={label ? "unfollow" : shown ? "unfollow" : "follow"} />
      <input type="hidden" name="kind" value={target.kind} />
      <input type="hidden" name="target" value={target.id} />
      <input type="hidden" name="redirectTo" value={here} />
      <button type="submit" className={look} aria-pressed={label ? undefined : shown} aria-label={accessibleName}>
        <Icon aria-hidden="true" className="h-4 w-4" />
        {words}
      </button>
    </fetcher.Form>
  );
}
