import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { AuthForm } from "~/components/auth-form";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { AuthMode } from "~/lib/auth-schemas";

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
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            const target = returnFocusTo.current;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          {/* A new key per opening starts the form fresh, in the mode asked for. */}
          <AuthForm
            key={`${mode}-${String(open)}`}
            initialMode={mode}
            redirectTo={returnTo ?? here}
            googleSignIn={googleSignIn}
            inPlace
            onSuccess={close}
            renderTitle={(title) => (
              <div className="space-y-1 pr-6">
                <DialogTitle>{title}</DialogTitle>
                <DialogDescription>Rate AI tools and join the discussion.</DialogDescription>
              </div>
            )}
          />
        </DialogContent>
      </Dialog>
    </SignInDialogContext.Provider>
  );
}
