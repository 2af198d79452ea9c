import { safeRedirectPath } from "./safe-redirect";

const SIGN_IN_PATH = "/sign-in";

function isSignInPath(pathname: string) {
  return pathname.replace(/\/+$/, "").toLowerCase() === SIGN_IN_PATH;
}

/**
 * Where to go once signed in: a safe path, never the sign-in page itself. Sign-in links carry the
 * page they start from, so a link from /sign-in to /sign-in?redirectTo=/sign-in?… would nest
 * without end (a crawler once followed about 3,000 of them).
 */
export function returnPathAfterSignIn(value: unknown): string {
  const target = safeRedirectPath(value);
  return isSignInPath(new URL(target, "http://x.invalid").pathname) ? "/" : target;
}

/** The sign-in page's address from a page at `pathname` + `search`; on /sign-in it keeps that page's own return path. */
export function signInHref({ pathname, search }: { pathname: string; search: string }, mode?: "sign-up"): string {
  const here = isSignInPath(pathname) ? new URLSearchParams(search).get("redirectTo") : `${pathname}${search}`;
  const modeParam = mode ? `mode=${mode}&` : "";
  return `${SIGN_IN_PATH}?${modeParam}redirectTo=${encodeURIComponent(returnPathAfterSignIn(here))}`;
}
