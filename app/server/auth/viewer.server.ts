import type { Database } from "../db/client.server";
import type { Auth } from "./auth.server";
import { findProfile } from "./roles.server";

/** The signed-in user as pages see it; isAdmin comes from profiles.user_type and nowhere else. */
export type Viewer = {
  id: string;
  email: string;
  username: string | null;
  /** The public name the member chose (issue 15), or null until they do. */
  displayName: string | null;
  avatarUrl: string | null;
  isAdmin: boolean;
};

/** Matches our session cookie (plain over http, __Secure- prefixed over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?aitlas\.session_token=/;

function hasSessionCookie(cookieHeader: string | null): boolean {
  return cookieHeader !== null && SESSION_COOKIE.test(cookieHeader);
}

/**
 * Looks up the session behind the request's cookie. Better Auth extends a session that is
 * a day old; the refreshed cookie comes back in setCookies for the response to carry.
 */
export async function resolveViewer({
  auth,
  db,
  headers,
}: {
  auth: Auth;
  db: Database;
  headers: Headers;
}): Promise<{ viewer: Viewer | null; setCookies: string[] }> {
  if (!hasSessionCookie(headers.get("cookie"))) return { viewer: null, setCookies: [] };
  const { headers: responseHeaders, response } = await auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = responseHeaders.getSetCookie();
  if (!response) return { viewer: null, setCookies };
  const profile = await findProfile({ db, userId: response.user.id });
  return {
    viewer: {
      id: response.user.id,
      email: response.user.email,
      username: profile?.username ?? null,
      displayName: profile?.displayName ?? null,
      avatarUrl: profile?.avatarUrl ?? response.user.image ?? null,
      isAdmin: profile?.userType === "admin",
    },
    setCookies,
  };
}
