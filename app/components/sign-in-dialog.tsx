import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useLocation, useNavigate } from "react-router";
import type { AuthMode } from "~/lib/auth-schemas";

/**
 * The dialog and its form load on demand (decision 095): on the first opening, or earlier when the
 * pointer or focus reaches a Sign In button (preloadSignInDialog). Without JavaScript the header's
 * Sign In is a link to /sign-in, which renders the same form.
 */
const loadDialog = () => import("./sign-in-dialog-content");
const SignInDialogContent = lazy(loadDialog);

/** Starts loading the dialog before it is asked for, so it opens at once. */
export function preloadSignInDialog() {
  void loadDialog();
}

/**
 * `returnTo`: where to be once signed in, when it is not the page as it is (a save asked for while
 * signed out returns with `?save={slug}`, decision 062). Google's round trip comes back there, and
 * a password sign-in in the dialog moves there once the dialog closes.
 */
type SignInOptions = { returnTo?: string };
type SignInDialogApi = { openSignIn(mode?: AuthMode, options?: SignInOptions): void };

const SignInDialogContext = createContext<SignInDialogApi>({ openSignIn: () => undefined });

/** Opens the sign-in dialog from anywhere: the header button, a vote or a comment box. */
export function useSignInDialog() {
  return useContext(SignInDialogContext);
}

export function SignInDialogProvider({ googleSignIn, children }: { googleSignIn: boolean; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // The dialog is rendered (and so loaded) from its first opening on, then kept for its closing animation.
  const [wanted, setWanted] = useState(false);
  const [mode, setMode] = useState<AuthMode>("sign-in");
  const [returnTo, setReturnTo] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // The dialog has no Radix trigger (a star or the comment box may open it), so it remembers
  // where focus was and returns it there on closing.
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const openSignIn = useCallback((next: AuthMode = "sign-in", options: SignInOptions = {}) => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setMode(next);
    setReturnTo(options.returnTo ?? null);
    setWanted(true);
    setOpen(true);
  }, []);
  const here = `${location.pathname}${location.search}`;
  const close = useCallback(() => {
    setOpen(false);
    if (returnTo && returnTo !== here) void navigate(returnTo, { replace: true, preventScrollReset: true });
  }, [returnTo, here, navigate]);
  const api = useMemo(() => ({ openSignIn }), [openSignIn]);
  return (
    <SignInDialogContext.Provider value={api}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <SignInDialogContent
            open={open}
            onOpenChange={setOpen}
            mode={mode}
            redirectTo={returnTo ?? here}
            googleSignIn={googleSignIn}
            onSuccess={close}
            returnFocusTo={returnFocusTo}
          />
        </Suspense>
      )}
    </SignInDialogContext.Provider>
  );
}
