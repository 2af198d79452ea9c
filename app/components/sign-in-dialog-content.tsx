import type { RefObject } from "react";
import { AuthForm } from "~/components/auth-form";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import type { AuthMode } from "~/lib/auth-schemas";

/**
 * The sign-in dialog itself: Radix's dialog around the sign-in form. Loaded only when a visitor
 * opens it or shows the intent to (sign-in-dialog.tsx), so pages do not carry it (decision 095).
 */
export default function SignInDialogContent({
  open,
  onOpenChange,
  mode,
  redirectTo,
  googleSignIn,
  onSuccess,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  redirectTo: string;
  googleSignIn: boolean;
  onSuccess: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
          redirectTo={redirectTo}
          googleSignIn={googleSignIn}
          inPlace
          onSuccess={onSuccess}
          renderTitle={(title) => (
            <div className="space-y-1 pr-6">
              <DialogTitle>{title}</DialogTitle>
              <DialogDescription>Rate AI tools and join the discussion.</DialogDescription>
            </div>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}
