import type { ComponentProps } from "react";
import { Input } from "~/components/ui/input";

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
