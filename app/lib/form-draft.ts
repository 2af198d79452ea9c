import { useEffect, useReducer, useRef, type FormEvent } from "react";
import { toast } from "./toast";
import type { ActionResult } from "./action-result";

/**
 * The admin forms' one way of keeping their state (docs/decisions/047-form-draft-hook.md).
 *
 * A draft holds what the admin sees and posts (`values`) beside the record it started from
 * (`baseline`): the form has unsaved edits exactly when the two differ, compared by a
 * fingerprint, so an edit typed back to what it was is no edit. Field messages live beside them;
 * `errorsShown` counts each time a refused save shows messages, so focus can move to the first.
 */

export type FieldErrors = Record<string, string>;

export type FormDraft<Values> = {
  values: Values;
  baseline: Values;
  errors: FieldErrors;
  errorsShown: number;
};

export type FormDraftAction<Values> =
  /** The admin changed `field`: its messages go (a list's "features" covers "features.2"). */
  | { type: "edit"; field: string; change: (values: Values) => Values }
  /** Many fields at once (the AI draft): every message goes. */
  | { type: "fill"; change: (values: Values) => Values }
  /** The record as loaded again (revalidation): refills the form only when nothing is unsaved. */
  | { type: "loaded"; values: Values }
  /** A refused save, in the browser or by the server: the messages beside the fields. */
  | { type: "refused"; errors: FieldErrors }
  /** A save about to post: the browser found nothing to refuse. */
  | { type: "valid" };

/** A value that equals another exactly when the two drafts would post the same thing. */
export type Fingerprint<Values> = (values: Values) => string;

export function hasUnsavedEdits<Values>(draft: FormDraft<Values>, fingerprint: Fingerprint<Values>): boolean {
  return fingerprint(draft.values) !== fingerprint(draft.baseline);
}

function withoutErrorsOf(errors: FieldErrors, field: string): FieldErrors {
  const kept = Object.entries(errors).filter(([name]) => name !== field && !name.startsWith(`${field}.`));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

export function reduceFormDraft<Values>(
  draft: FormDraft<Values>,
  action: FormDraftAction<Values>,
  fingerprint: Fingerprint<Values>,
): FormDraft<Values> {
  switch (action.type) {
    case "edit":
      return { ...draft, values: action.change(draft.values), errors: withoutErrorsOf(draft.errors, action.field) };
    case "fill":
      return { ...draft, values: action.change(draft.values), errors: {} };
    case "loaded":
      if (hasUnsavedEdits(draft, fingerprint)) return draft;
      if (fingerprint(action.values) === fingerprint(draft.baseline)) return draft;
      return { ...draft, values: action.values, baseline: action.values };
    case "refused":
      return { ...draft, errors: action.errors, errorsShown: draft.errorsShown + 1 };
    case "valid":
      return Object.keys(draft.errors).length === 0 ? draft : { ...draft, errors: {} };
  }
}

/** A fresh draft of the loaded record, or, after a refused save, of what was posted (and its messages). */
export function startFormDraft<Values>(loaded: Values, failure?: FormDraftFailure | null): FormDraft<Values> {
  return {
    values: failure && !failure.ok && failure.values ? (failure.values as Values) : loaded,
    baseline: loaded,
    errors: (failure && !failure.ok && failure.fieldErrors) || {},
    errorsShown: 0,
  };
}

/** An action's answer as the form reads it: on a refusal, `values` is what was posted, in the form's own shape. */
export type FormDraftFailure = ActionResult<unknown>;

/**
 * A form's draft: its values, messages and whether it has unsaved edits, plus `validate`, the
 * submit handler that runs the server's schema in the browser first. A refused save (the
 * browser's or the action's `failure`) shows its toast and moves focus to the first marked field.
 */
export function useFormDraft<Values>({
  loaded,
  failure,
  fingerprint,
  check,
  refusedMessage,
  toastId,
}: {
  /** The record as the loader gives it; a new object after a reload. */
  loaded: Values;
  failure: FormDraftFailure | null | undefined;
  fingerprint: Fingerprint<Values>;
  /** The form's schema over a post: the field messages, or null when it would be accepted. */
  check: (form: FormData) => FieldErrors | null;
  /** The toast for messages found in the browser. */
  refusedMessage: (errors: FieldErrors) => string;
  toastId: string;
}) {
  const [draft, dispatch] = useReducer(
    (current: FormDraft<Values>, action: FormDraftAction<Values>) => reduceFormDraft(current, action, fingerprint),
    undefined,
    () => startFormDraft(loaded, failure),
  );
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    dispatch({ type: "loaded", values: loaded });
  }, [loaded]);

  useEffect(() => {
    if (!failure || failure.ok) return;
    if (failure.formError) toast.error(failure.formError, { id: toastId });
    dispatch({ type: "refused", errors: failure.fieldErrors ?? {} });
  }, [failure, toastId]);

  // In the order the admin sees them, so the editor of an article's body counts where it stands.
  useEffect(() => {
    if (draft.errorsShown === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [draft.errorsShown]);

  function validate(event: FormEvent<HTMLFormElement>) {
    const errors = check(new FormData(event.currentTarget));
    if (errors === null) {
      dispatch({ type: "valid" });
      return;
    }
    event.preventDefault();
    toast.error(refusedMessage(errors), { id: toastId });
    dispatch({ type: "refused", errors });
  }

  return {
    values: draft.values,
    errors: draft.errors,
    dirty: hasUnsavedEdits(draft, fingerprint),
    formRef,
    validate,
    edit: (field: string, change: (values: Values) => Values) => dispatch({ type: "edit", field, change }),
    fill: (change: (values: Values) => Values) => dispatch({ type: "fill", change }),
  };
}
