import { useCallback, useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

// Spec section 4: "session changes are observed live". A tab that signs in or out tells the site's
// other tabs on a BroadcastChannel, and they load their page again; a tab coming back into view asks
// the server whose session it holds, for what happened without a message (another browser window
// closed, the session ended on the account page of another device). Without JavaScript the next page
// load shows the session as it is.

const CHANNEL = "aitlas-session";
const MAX_RELOADS = 3;
const RELOAD_PAUSE_MS = 100;
/** Set while a session change has the page load again: the root loader (viewer, header) must run too. */
let sessionChanged = false;

/** Whether the page is loading again for a session change (root's shouldRevalidate asks). */
export function isSessionChange(): boolean {
  return sessionChanged;
}

type SessionMessage = { email: string | null };

/** Follows sign-ins and sign-outs made in other tabs; `email` is this page's signed-in viewer, or null. */
export function useSessionSync(email: string | null): void {
  const { revalidate } = useRevalidator();
  const current = useRef(email);
  // Loads the page again until it shows the session `expected`. The browser may answer the first
  // load from its HTTP cache (an anonymous page's stale-while-revalidate) while it fetches the fresh
  // answer, so a page that still shows the old session asks again, a few times at most.
  const reloadForSessionChange = useCallback(
    async (expected: string | null) => {
      for (let attempt = 0; attempt < MAX_RELOADS; attempt++) {
        sessionChanged = true;
        try {
          await revalidate();
        } finally {
          sessionChanged = false;
        }
        await new Promise((resolve) => setTimeout(resolve, RELOAD_PAUSE_MS));
        if (current.current === expected) return;
      }
    },
    [revalidate],
  );
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const opened = new BroadcastChannel(CHANNEL);
    channel.current = opened;
    opened.onmessage = (event: MessageEvent<SessionMessage>) => {
      if (event.data.email !== current.current) void reloadForSessionChange(event.data.email);
    };
    return () => {
      opened.close();
      channel.current = null;
    };
  }, [reloadForSessionChange]);

  // This tab's own change (a sign-in or sign-out here, or one followed from elsewhere) is announced;
  // a tab that already shows the same session ignores it, so the message does not echo.
  useEffect(() => {
    if (current.current === email) return;
    current.current = email;
    channel.current?.postMessage({ email } satisfies SessionMessage);
  }, [email]);

  useEffect(() => {
    // Coming back to a tab fires both events: one question to the server answers both.
    let checking = false;
    const check = async () => {
      if (document.visibilityState !== "visible" || checking) return;
      checking = true;
      try {
        const response = await fetch("/api/auth/get-session", { credentials: "same-origin" });
        if (!response.ok) return;
        const session = (await response.json()) as { user?: { email?: string } } | null;
        const signedIn = session?.user?.email ?? null;
        if (signedIn !== current.current) await reloadForSessionChange(signedIn);
      } catch {
        // Offline or the server away: the next focus or page load tries again.
      } finally {
        checking = false;
      }
    };
    const onFocus = () => void check();
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onFocus);
    };
  }, [reloadForSessionChange]);
}
