import type { ComponentProps } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { ActionResult } from "~/lib/action-result";

/**
 * The account pages' plain forms (confirm, forgot and reset password): a labelled input whose
 * error is read with it, and the form's own refusal announced when it appears.
 */
export function LabelledInput({
  id,
  label,
  error,
  ...input
}: { id: string; label: string; error?: string } & Omit<ComponentProps<typeof Input>, "id">) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <Input
        id={id}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

export function FormRefusal({ message }: { message?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/**
 * The password form behind an emailed link (confirm an account, reset a password): the link's token
 * travels in a hidden field, the password is checked by the page's action.
 */
export function LinkPasswordForm({
  token,
  id,
  label,
  submitLabel,
  result,
}: {
  token: string;
  id: string;
  label: string;
  submitLabel: string;
  /** The action's answer to the last post, if it failed. */
  result?: ActionResult<unknown>;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="mt-6 space-y-4" noValidate>
      <input type="hidden" name="token" value={token} />
      <LabelledInput
        id={id}
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={6}
        error={result?.fieldErrors?.password}
      />
      <FormRefusal message={result?.formError} />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Please wait..." : submitLabel}
      </Button>
    </Form>
  );
}
