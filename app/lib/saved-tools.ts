import type { ActionResult } from "./action-result";
import { MAX_COMPARED_TOOLS, MIN_COMPARED_TOOLS } from "./compare";

/**
 * Saved tools (decision 062): what the save toggles, the /saved page and its action share. The
 * toggles post to /saved; a save asked for while signed out travels in the return address after
 * sign-in as `?save={slug}` and is completed on the page the person comes back to.
 */

export const SAVED_PATH = "/saved";

/** The return address's parameter that carries a save asked for while signed out. */
export const SAVE_AFTER_SIGN_IN_PARAM = "save";

/** The /saved page's orders, in the order its links show them; the first is the default. */
export const SAVED_SORTS = [
  { value: "recent", label: "Recently saved" },
  { value: "name", label: "Name" },
  { value: "top-rated", label: "Top rated" },
] as const;

export type SavedSort = (typeof SAVED_SORTS)[number]["value"];

export function parseSavedSort(value: string | null): SavedSort {
  return SAVED_SORTS.find((sort) => sort.value === value)?.value ?? "recent";
}

/** Most saved tools the page lists at once, in the chosen order. */
export const SAVED_LIST_LIMIT = 200;

/** The toggle's and the /saved page's toasts, title and text. */
export const SAVED_TOASTS = {
  signIn: { title: "Authentication required", description: "Please sign in to save tools" },
  saved: { title: "Saved", description: "Added to your saved tools" },
  removed: { title: "Removed", description: "Removed from your saved tools" },
  saveFailed: { title: "Error", description: "Failed to save the tool. Please try again." },
  removeFailed: { title: "Error", description: "Failed to remove the tool. Please try again." },
} as const;

export const COMPARE_CHOICE_HINT = `Choose ${MIN_COMPARED_TOOLS} to ${MAX_COMPARED_TOOLS} tools to compare`;

/** "Saved by 1 person", "Saved by 12 people"; nobody yet is said as such. */
export function savedByText(count: number): string {
  if (count === 0) return "Not saved by anyone yet";
  return `Saved by ${count.toLocaleString("en-US")} ${count === 1 ? "person" : "people"}`;
}

export type SaveIntent = "save" | "unsave";

/**
 * What /saved answers a fetcher: `{ intent, ok: true, saved }`, or an error body (`{ error, code }`)
 * with the intent it answers. A post without JavaScript is redirected instead, with a flash message.
 */
/** What a save answers a fetcher (`ActionResult.data`): whether the tool is saved now. */
export type SavedState = { saved: boolean };

/**
 * The toast of a failed save or removal (`form` says which): the fixed text, plus a refusal's own
 * sentence when it is the person's to act on.
 */
export function saveFailureToast(result: ActionResult<unknown>): { title: string; description: string } {
  const fixed = result.form === "unsave" ? SAVED_TOASTS.removeFailed : SAVED_TOASTS.saveFailed;
  const explained = (result.code === "rate-limited" || result.code === "bad-request") && result.formError;
  return {
    title: fixed.title,
    description: explained ? `${fixed.description} ${result.formError}` : fixed.description,
  };
}

/** `path` (with its query) with the save-after-sign-in parameter set to `slug`. */
export function withSaveAfterSignIn(path: string, slug: string): string {
  const url = new URL(path, "http://x.invalid");
  url.searchParams.set(SAVE_AFTER_SIGN_IN_PARAM, slug);
  return `${url.pathname}${url.search}`;
}

/** `path` (with its query) without the save-after-sign-in parameter. */
export function withoutSaveAfterSignIn(path: string): string {
  const url = new URL(path, "http://x.invalid");
  url.searchParams.delete(SAVE_AFTER_SIGN_IN_PARAM);
  return `${url.pathname}${url.search}`;
}
