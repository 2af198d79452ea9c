import { Plus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { FormField } from "~/components/admin/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { Pricing } from "~/lib/pricing";
import { TOOL_FIELDS, type PricingShape } from "~/lib/tool-form";

/** A plan of the list shape as the form edits it: its features are one text, a line each. */
export type PlanRow = { key: number; plan: string; price: string; details: string; features: string };
/** An entry of the map shape: plan name -> text. */
export type SimpleRow = { key: number; plan: string; price: string };

/**
 * Both shapes' rows are kept while the admin switches between them, so trying the other shape
 * loses nothing; only the chosen one is posted.
 */
export type PricingState = { shape: PricingShape; plans: PlanRow[]; simple: SimpleRow[] };

let nextKey = 1;
const blankPlan = (): PlanRow => ({ key: nextKey++, plan: "", price: "", details: "", features: "" });
const blankEntry = (): SimpleRow => ({ key: nextKey++, plan: "", price: "" });

/** The editing state for a stored pricing value, in whichever shape it was saved. */
export function pricingStateFrom(pricing: Pricing | null | undefined): PricingState {
  if (Array.isArray(pricing) && pricing.length > 0) {
    return {
      shape: "plans",
      plans: pricing.map((plan) => ({
        key: nextKey++,
        plan: plan.plan,
        price: plan.price,
        details: plan.details,
        features: (plan.features ?? []).join("\n"),
      })),
      simple: [blankEntry()],
    };
  }
  if (pricing && !Array.isArray(pricing) && Object.keys(pricing).length > 0) {
    return {
      shape: "simple",
      plans: [blankPlan()],
      simple: Object.entries(pricing).map(([plan, price]) => ({ key: nextKey++, plan, price })),
    };
  }
  return { shape: "none", plans: [blankPlan()], simple: [blankEntry()] };
}

const planIsBlank = (row: PlanRow) =>
  !row.plan.trim() && !row.price.trim() && !row.details.trim() && !row.features.trim();
const entryIsBlank = (row: SimpleRow) => !row.plan.trim() && !row.price.trim();

/** Switching to a shape not yet filled in starts from the other shape's plans, so nothing is retyped. */
function switchShape(state: PricingState, shape: PricingShape): PricingState {
  if (shape === "simple" && state.simple.every(entryIsBlank) && !state.plans.every(planIsBlank)) {
    const simple = state.plans
      .filter((row) => !planIsBlank(row))
      .map((row) => ({
        key: nextKey++,
        plan: row.plan,
        price: [row.price, row.details].filter((text) => text.trim()).join(" - "),
      }));
    return { ...state, shape, simple };
  }
  if (shape === "plans" && state.plans.every(planIsBlank) && !state.simple.every(entryIsBlank)) {
    const plans = state.simple
      .filter((row) => !entryIsBlank(row))
      .map((row) => ({ key: nextKey++, plan: row.plan, price: row.price, details: "", features: "" }));
    return { ...state, shape, plans };
  }
  return { ...state, shape };
}

const SHAPES: { value: PricingShape; label: string; description: string }[] = [
  { value: "none", label: "No pricing", description: "The tool page says no pricing information is available yet." },
  { value: "plans", label: "Plans", description: "Each plan has a name, a price, details and optional features." },
  { value: "simple", label: "Simple", description: "Each plan name maps to one line of price text." },
];

const errorText = "text-sm font-medium text-red-700 dark:text-red-400";

/**
 * Pricing in either of the spec's shapes (section 3), or none. Rows post as repeated fields
 * (pricing.plan, pricing.price, ...) in screen order; the shared schema validates them.
 */
export function PricingField({
  value,
  onChange,
  errors,
}: {
  value: PricingState;
  onChange: (value: PricingState) => void;
  /** The form's field errors, keyed like "pricing.plans.1.plan" or "pricing.entries.0.price". */
  errors: Record<string, string>;
}) {
  const planInputs = useRef(new Map<number, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);

  useEffect(() => {
    if (focusKey === null) return;
    planInputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const registerInput = (key: number) => (element: HTMLInputElement | null) => {
    if (element) planInputs.current.set(key, element);
    else planInputs.current.delete(key);
  };

  const rows = value.shape === "plans" ? value.plans : value.shape === "simple" ? value.simple : [];
  const onlyRow = rows.length <= 1;
  const listKey = value.shape === "plans" ? "pricing.plans" : "pricing.entries";
  const listError = errors[listKey] ?? errors["pricing.shape"] ?? errors.pricing;

  const add = () => {
    if (value.shape === "plans") {
      const row = blankPlan();
      onChange({ ...value, plans: [...value.plans, row] });
      setFocusKey(row.key);
    } else if (value.shape === "simple") {
      const row = blankEntry();
      onChange({ ...value, simple: [...value.simple, row] });
      setFocusKey(row.key);
    }
  };

  const remove = (index: number) => {
    if (onlyRow) return;
    if (value.shape === "plans") {
      const plans = value.plans.filter((_, position) => position !== index);
      onChange({ ...value, plans });
      setFocusKey(plans[Math.min(index, plans.length - 1)]!.key);
    } else if (value.shape === "simple") {
      const simple = value.simple.filter((_, position) => position !== index);
      onChange({ ...value, simple });
      setFocusKey(simple[Math.min(index, simple.length - 1)]!.key);
    }
  };

  const updatePlan = (key: number, change: Partial<PlanRow>) =>
    onChange({ ...value, plans: value.plans.map((row) => (row.key === key ? { ...row, ...change } : row)) });
  const updateEntry = (key: number, change: Partial<SimpleRow>) =>
    onChange({ ...value, simple: value.simple.map((row) => (row.key === key ? { ...row, ...change } : row)) });

  const removeButton = (index: number) => (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Remove plan ${index + 1}`}
      aria-disabled={onlyRow || undefined}
      title={onlyRow ? "The last plan row cannot be removed; choose No pricing instead" : undefined}
      onClick={() => remove(index)}
    >
      <X aria-hidden="true" className="h-4 w-4" />
      Remove
    </Button>
  );

  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Pricing</legend>
      <fieldset className="space-y-2">
        <legend className="text-xs text-slate-600 dark:text-slate-400">How pricing is shown</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
          {SHAPES.map((shape) => (
            <div key={shape.value} className="flex items-start gap-2">
              <input
                type="radio"
                id={`pricing-shape-${shape.value}`}
                name={TOOL_FIELDS.pricingShape}
                value={shape.value}
                checked={value.shape === shape.value}
                onChange={() => onChange(switchShape(value, shape.value))}
                aria-describedby={`pricing-shape-${shape.value}-hint`}
                className="mt-1 h-4 w-4 accent-indigo-600"
              />
              <div>
                <label htmlFor={`pricing-shape-${shape.value}`} className="text-sm font-medium">
                  {shape.label}
                </label>
                <p id={`pricing-shape-${shape.value}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                  {shape.description}
                </p>
              </div>
            </div>
          ))}
        </div>
      </fieldset>

      {value.shape === "plans" && (
        <ol className="space-y-4">
          {value.plans.map((row, index) => {
            const errorKey = (field: string) => errors[`pricing.plans.${index}.${field}`];
            return (
              <li key={row.key}>
                <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                  <legend className="px-1 text-sm font-semibold">Plan {index + 1}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <PlanNameAndPrice
                      index={index}
                      row={row}
                      errorKey={errorKey}
                      nameRef={registerInput(row.key)}
                      placeholders={{ plan: "e.g. Pro", price: "e.g. $20/month" }}
                      onChange={(change) => updatePlan(row.key, change)}
                    />
                  </div>
                  <FormField id={`pricing-details-${index}`} label="Details" error={errorKey("details")}>
                    {(control) => (
                      <Input
                        {...control}
                        name={TOOL_FIELDS.planDetails}
                        value={row.details}
                        onChange={(event) => updatePlan(row.key, { details: event.target.value })}
                      />
                    )}
                  </FormField>
                  <FormField
                    id={`pricing-features-${index}`}
                    label="Plan features"
                    hint="Optional, one per line."
                    error={errorKey("features")}
                  >
                    {(control) => (
                      <Textarea
                        {...control}
                        name={TOOL_FIELDS.planFeatures}
                        value={row.features}
                        rows={3}
                        onChange={(event) => updatePlan(row.key, { features: event.target.value })}
                      />
                    )}
                  </FormField>
                  {removeButton(index)}
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}

      {value.shape === "simple" && (
        <ol className="space-y-3">
          {value.simple.map((row, index) => {
            const errorKey = (field: string) => errors[`pricing.entries.${index}.${field}`];
            return (
              <li key={row.key}>
                <fieldset className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                  <legend className="px-1 text-sm font-semibold">Plan {index + 1}</legend>
                  <div className="grid items-start gap-3 sm:grid-cols-[1fr_2fr_auto]">
                    <PlanNameAndPrice
                      index={index}
                      row={row}
                      errorKey={errorKey}
                      nameRef={registerInput(row.key)}
                      placeholders={{ plan: "e.g. Free", price: "e.g. $0, limited messages" }}
                      onChange={(change) => updateEntry(row.key, change)}
                    />
                    <div className="sm:pt-7">{removeButton(index)}</div>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}

      {listError && <p className={errorText}>{listError}</p>}
      {value.shape !== "none" && (
        <Button variant="outline" size="sm" onClick={add}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add plan
        </Button>
      )}
    </fieldset>
  );
}

/** The two fields both pricing shapes share: a plan's name and its price text. */
function PlanNameAndPrice({
  index,
  row,
  errorKey,
  nameRef,
  placeholders,
  onChange,
}: {
  index: number;
  row: { plan: string; price: string };
  errorKey: (field: string) => string | undefined;
  nameRef: (element: HTMLInputElement | null) => void;
  placeholders: { plan: string; price: string };
  onChange: (change: { plan?: string; price?: string }) => void;
}) {
  return (
    <>
      <FormField id={`pricing-plan-${index}`} label="Plan name" error={errorKey("plan")}>
        {(control) => (
          <Input
            {...control}
            ref={nameRef}
            name={TOOL_FIELDS.planName}
            value={row.plan}
            placeholder={placeholders.plan}
            onChange={(event) => onChange({ plan: event.target.value })}
          />
        )}
      </FormField>
      <FormField id={`pricing-price-${index}`} label="Price" error={errorKey("price")}>
        {(control) => (
          <Input
            {...control}
            name={TOOL_FIELDS.planPrice}
            value={row.price}
            placeholder={placeholders.price}
            onChange={(event) => onChange({ price: event.target.value })}
          />
        )}
      </FormField>
    </>
  );
}
