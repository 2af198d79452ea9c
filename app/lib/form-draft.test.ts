import { describe, expect, it } from "vitest";
import { hasUnsavedEdits, reduceFormDraft, startFormDraft, type FormDraft, type FormDraftAction } from "./form-draft";

// The admin forms' one state keeper, as a pure reducer: what counts as an unsaved edit, when a
// reload refills the form, and what happens to the messages beside the fields.

type Values = { name: string; features: { key: number; value: string }[] };
// As the tool form does: the rows' React keys are not part of what would be posted.
const fingerprint = (values: Values) => JSON.stringify([values.name, values.features.map((row) => row.value)]);
const reduce = (draft: FormDraft<Values>, ...actions: FormDraftAction<Values>[]) =>
  actions.reduce((current, action) => reduceFormDraft(current, action, fingerprint), draft);

const stored: Values = { name: "Quill", features: [{ key: 1, value: "Drafts" }] };
const rename = (name: string): FormDraftAction<Values> => ({
  type: "edit",
  field: "name",
  change: (values) => ({ ...values, name }),
});

describe("a form draft", () => {
  it("starts from the record with nothing unsaved", () => {
    const draft = startFormDraft(stored);
    expect(draft).toEqual({ values: stored, baseline: stored, errors: {}, errorsShown: 0 });
    expect(hasUnsavedEdits(draft, fingerprint)).toBe(false);
  });

  it("after a refused save starts from what was posted, with its messages, and counts it as unsaved", () => {
    const posted = { ...stored, name: "" };
    const draft = startFormDraft(stored, {
      ok: false,
      formError: "Failed",
      fieldErrors: { name: "Name is required" },
      values: posted,
    });
    expect(draft.values).toBe(posted);
    expect(draft.errors).toEqual({ name: "Name is required" });
    expect(hasUnsavedEdits(draft, fingerprint)).toBe(true);
  });

  it("has unsaved edits exactly while the values would post something else than the record", () => {
    const edited = reduce(startFormDraft(stored), rename("Quill 2"));
    expect(hasUnsavedEdits(edited, fingerprint)).toBe(true);
    // Typed back as it was: nothing to lose.
    expect(hasUnsavedEdits(reduce(edited, rename("Quill")), fingerprint)).toBe(false);
    // New row keys with the same texts are no edit.
    const rekeyed = reduce(startFormDraft(stored), {
      type: "edit",
      field: "features",
      change: (values) => ({ ...values, features: [{ key: 99, value: "Drafts" }] }),
    });
    expect(hasUnsavedEdits(rekeyed, fingerprint)).toBe(false);
  });

  it("is refilled by a reload of the record only when nothing is unsaved", () => {
    const reloaded = { ...stored, name: "Quill (renamed elsewhere)" };
    const untouched = reduce(startFormDraft(stored), { type: "loaded", values: reloaded });
    expect(untouched.values).toBe(reloaded);
    expect(hasUnsavedEdits(untouched, fingerprint)).toBe(false);

    const edited = reduce(startFormDraft(stored), rename("Mine"), { type: "loaded", values: reloaded });
    expect(edited.values.name).toBe("Mine");
    expect(edited.baseline).toBe(stored);
  });

  it("drops an edited field's messages, a list's rows' included, and keeps the others", () => {
    const refused = reduce(startFormDraft(stored), {
      type: "refused",
      errors: { name: "Name is required", "features.1": "This feature is already in the list", website: "Bad" },
    });
    expect(refused.errorsShown).toBe(1);
    const afterName = reduce(refused, rename("Quill"));
    expect(afterName.errors).toEqual({ "features.1": "This feature is already in the list", website: "Bad" });
    const afterFeatures = reduce(afterName, { type: "edit", field: "features", change: (values) => values });
    expect(afterFeatures.errors).toEqual({ website: "Bad" });
  });

  it("counts every refusal, so focus moves to the first marked field each time", () => {
    const twice = reduce(
      startFormDraft(stored),
      { type: "refused", errors: { name: "Name is required" } },
      { type: "refused", errors: { name: "Name is required" } },
    );
    expect(twice.errorsShown).toBe(2);
  });

  it("clears every message when many fields are filled at once, or when a post is accepted", () => {
    const refused = reduce(startFormDraft(stored), { type: "refused", errors: { name: "x", website: "y" } });
    const filled = reduce(refused, { type: "fill", change: (values) => ({ ...values, name: "AI" }) });
    expect(filled.errors).toEqual({});
    expect(filled.values.name).toBe("AI");
    expect(reduce(refused, { type: "valid" }).errors).toEqual({});
  });
});
