import type { ActionResult } from "./action-result";

/**
 * Following a tool, a category or a tag (issue 34, decision 180): what the Follow buttons, the
 * "Following" section of /saved and the /follow action share.
 */

export const FOLLOW_PATH = "/follow";
export const UNSUBSCRIBE_PATH = "/unsubscribe";
/** Where a mail client posts RFC 8058's one-click unsubscribe (answered before React Router). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/unsubscribe/one-click";

export type FollowTargetKind = "tool" | "category" | "tag";

/** What a Follow button names: the kind, the id (a tool's or tag's uuid, or the category's name) and a label. */
export type FollowTarget = { kind: FollowTargetKind; id: string; name: string };

export const FREQUENCY_CHOICES = [
  { value: "weekly", label: "Weekly digest" },
  { value: "instant", label: "Instant emails" },
  { value: "off", label: "No emails" },
] as const;
export type FrequencyChoice = (typeof FREQUENCY_CHOICES)[number]["value"];

export const FOLLOW_TOASTS = {
  signIn: { title: "Authentication required", description: "Please sign in to follow tools, categories and tags" },
  followed: { title: "Following", description: "You will hear about what changes here" },
  unfollowed: { title: "Unfollowed", description: "You will no longer hear about this" },
  frequency: { title: "Saved", description: "Your email preference is saved" },
  failed: { title: "Error", description: "Failed to update what you follow. Please try again." },
} as const;

export const FOLLOW_NOT_FOUND = "There is nothing to follow here.";

/** What /follow answers a fetcher (`ActionResult.data`). */
export type FollowState = { following: boolean };

export function followFailureToast(result: ActionResult<unknown>): { title: string; description: string } {
  const explained = (result.code === "rate-limited" || result.code === "bad-request") && result.formError;
  return {
    title: FOLLOW_TOASTS.failed.title,
    description: explained
      ? `${FOLLOW_TOASTS.failed.description} ${result.formError}`
      : FOLLOW_TOASTS.failed.description,
  };
}
