import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { FORGOT_PASSWORD_PATH } from "~/lib/password-reset";
import { DISPLAY_NAME_RULES } from "~/lib/account";
import { DISPLAY_NAME_MAX } from "~/lib/members";
import { toast } from "~/lib/toast";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/lib/action-result";
import type { AuthMode } from "~/lib/auth-schemas";
import { credentialsProblems, PASSWORD_MIN_LENGTH, signUpProblems } from "~/lib/form-checks";

const TITLES: Record<AuthMode, string> = {
  "sign-up": "Create an account",
  "sign-in": "Sign in to your account",
};

type AuthFormProps = {
  initialMode: AuthMode;
  /** Where to go (or stay) after signing in. */
  redirectTo: string;
  googleSignIn: boolean;
  /** Renders the title: a dialog passes its own title element, the page an h1. */
  renderTitle?: (title: string) => ReactNode;
  /** The dialog answers in place and closes; the sign-in page redirects. */
  inPlace?: boolean;
  onSuccess?: () => void;
  /** A result the page's own action returned (forms posted without JavaScript). */
  pageResult?: ActionResult;
};

/** Email and password sign-in or sign-up, plus Google when configured; spec section 2 and 8 texts. */
export function AuthForm({
  initialMode,
  redirectTo,
  googleSignIn,
  renderTitle,
  inPlace,
  onSuccess,
  pageResult,
}: AuthFormProps) {
  const fetcher = useFetcher<ActionResult>();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const ids = { email: useId(), password: useId(), displayName: useId(), error: useId() };
  const result = fetcher.data ?? pageResult;
  const errors = { ...(result?.form === mode ? result.fieldErrors : undefined), ...clientErrors };
  const formError = result?.form === mode ? result.formError : undefined;
  const busy = fetcher.state !== "idle";

  // Each answer from the server is toasted once; success closes the dialog.
  const seen = useRef<ActionResult | undefined>(undefined);
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    if (fetcher.data.formError) toast.error(fetcher.data.formError);
    if (fetcher.data.ok) onSuccess?.();
  }, [fetcher.state, fetcher.data, onSuccess]);

  const switchMode = (next: AuthMode) => {
    setMode(next);
    setClientErrors({});
  };

  const title = TITLES[mode];
  const otherMode: AuthMode = mode === "sign-up" ? "sign-in" : "sign-up";
  return (
    <div className="space-y-5">
      {renderTitle ? (
        renderTitle(title)
      ) : (
        <h1 className="text-xl font-semibold text-slate-900 dark:text-white">{title}</h1>
      )}

      {googleSignIn && (
        <>
          {/* A whole-page post: the answer sends the browser on to Google. */}
          <form method="post" action="/auth/google">
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Button type="submit" variant="outline" className="w-full">
              <GoogleMark />
              Continue with Google
            </Button>
          </form>
          <div className="flex items-center gap-3 text-xs uppercase text-slate-600 dark:text-slate-400">
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
            Or continue with
            <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
          </div>
        </>
      )}

      <fetcher.Form
        method="post"
        action="/sign-in"
        noValidate
        className="space-y-4"
        aria-describedby={formError ? ids.error : undefined}
        onSubmit={(event) => {
          // The same rules as the action's schema, checked without zod (decision 094).
          const fields = Object.fromEntries(new FormData(event.currentTarget));
          const problems = mode === "sign-up" ? signUpProblems(fields) : credentialsProblems(fields);
          if (Object.keys(problems).length > 0) event.preventDefault();
          setClientErrors(problems);
        }}
      >
        <input type="hidden" name="mode" value={mode} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {inPlace && <input type="hidden" name="respond" value="in-place" />}
        <Field id={ids.email} label="Email" error={errors.email}>
          <Input
            id={ids.email}
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${ids.email}-error` : undefined}
          />
        </Field>
        <Field id={ids.password} label="Password" error={errors.password}>
          <Input
            id={ids.password}
            name="password"
            type="password"
            autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
            required
            minLength={PASSWORD_MIN_LENGTH}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${ids.password}-error` : undefined}
          />
        </Field>
        {mode === "sign-up" && (
          <Field id={ids.displayName} label="Display name" error={errors.displayName}>
            <p id={`${ids.displayName}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
              Optional: the public name shown with your comments ({DISPLAY_NAME_RULES}). Without one, you get a
              generated name; you can change it later.
            </p>
            <Input
              id={ids.displayName}
              name="displayName"
              autoComplete="nickname"
              maxLength={DISPLAY_NAME_MAX}
              aria-invalid={errors.displayName ? true : undefined}
              aria-describedby={
                errors.displayName ? `${ids.displayName}-hint ${ids.displayName}-error` : `${ids.displayName}-hint`
              }
            />
          </Field>
        )}
        {mode === "sign-in" && (
          <p className="-mt-2 text-right text-sm">
            {/* A whole-page load, so the dialog does not stay open over the next page. */}
            <Link
              to={FORGOT_PASSWORD_PATH}
              reloadDocument
              rel="nofollow"
              className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
            >
              Forgot password?
            </Link>
          </p>
        )}
        {formError && (
          <p id={ids.error} role="alert" className="text-sm text-red-700 dark:text-red-400">
            {formError}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Please wait..." : mode === "sign-up" ? "Sign Up" : "Sign In"}
        </Button>
      </fetcher.Form>

      <p className="text-center text-sm">
        {/* Links, so the page form switches modes without JavaScript too. */}
        <Link
          to={`/sign-in?mode=${otherMode}&redirectTo=${encodeURIComponent(redirectTo)}`}
          rel="nofollow"
          className="text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
          onClick={(event) => {
            event.preventDefault();
            switchMode(otherMode);
          }}
        >
          {mode === "sign-up" ? "Already have an account? Sign in" : "Need an account? Sign up"}
        </Link>
      </p>
    </div>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}
