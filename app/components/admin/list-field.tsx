import { Plus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/** A list row with a key of its own, so React keeps each input (and its focus) with its text. */
export type ListRow = { key: number; value: string };

let nextRowKey = 1;

/** Rows for the given texts; an empty list still shows one row to type into. */
export function listRowsFrom(values: readonly string[]): ListRow[] {
  const texts = values.length > 0 ? values : [""];
  return texts.map((value) => ({ key: nextRowKey++, value }));
}

export const emptyListRow = (): ListRow => ({ key: nextRowKey++, value: "" });

/**
 * A repeatable list of one-line texts (Features, Pros, Cons): every row posts under the same
 * field name, in order. Add appends a row and moves focus to it. Remove is refused when one row
 * is left (spec section 2): the button stays, marked aria-disabled, and does nothing. After a
 * removal focus goes to the row that took its place, or the one before when the last went.
 */
export function ListField({
  name,
  label,
  itemLabel,
  rows,
  onChange,
  errors,
  hint,
  placeholder,
}: {
  /** The posted field name, also the prefix of error keys ("features.2"). */
  name: string;
  /** The list's heading, e.g. "Features". */
  label: string;
  /** One row's noun in accessible names: "feature" gives "Feature 2", "Add feature", "Remove feature 2". */
  itemLabel: string;
  rows: ListRow[];
  onChange: (rows: ListRow[]) => void;
  /** The form's field errors: `errors[name]` for the list, `errors["name.i"]` for row i. */
  errors: Record<string, string>;
  hint?: string;
  placeholder?: string;
}) {
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const [focusKey, setFocusKey] = useState<number | null>(null);
  const capitalised = itemLabel.charAt(0).toUpperCase() + itemLabel.slice(1);
  const listError = errors[name];
  const hintId = hint ? `${name}-hint` : undefined;
  const listErrorId = listError ? `${name}-error` : undefined;
  const onlyRow = rows.length <= 1;

  // Focus moves after React has rendered the row being focused.
  useEffect(() => {
    if (focusKey === null) return;
    inputs.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const add = () => {
    const row = emptyListRow();
    onChange([...rows, row]);
    setFocusKey(row.key);
  };

  const remove = (index: number) => {
    if (onlyRow) return;
    const next = rows.filter((_, position) => position !== index);
    onChange(next);
    setFocusKey(next[Math.min(index, next.length - 1)]!.key);
  };

  return (
    <fieldset className="space-y-3" aria-describedby={[hintId, listErrorId].filter(Boolean).join(" ") || undefined}>
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">{label}</legend>
      {hint && (
        <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      <ol className="space-y-2">
        {rows.map((row, index) => {
          const id = `${name}-${index}`;
          const rowError = errors[`${name}.${index}`];
          const invalid = rowError !== undefined || (listError !== undefined && index === 0);
          const describedBy = [rowError ? `${id}-error` : null, listError && index === 0 ? listErrorId : null]
            .filter(Boolean)
            .join(" ");
          return (
            <li key={row.key} className="space-y-1">
              <div className="flex items-center gap-2">
                <Input
                  ref={(element) => {
                    if (element) inputs.current.set(row.key, element);
                    else inputs.current.delete(row.key);
                  }}
                  id={id}
                  name={name}
                  value={row.value}
                  placeholder={placeholder}
                  aria-label={`${capitalised} ${index + 1}`}
                  aria-invalid={invalid || undefined}
                  aria-describedby={describedBy || undefined}
                  onChange={(event) =>
                    onChange(rows.map((item) => (item.key === row.key ? { ...item, value: event.target.value } : item)))
                  }
                />
                <Button
                  variant="outline"
                  size="icon"
                  className="shrink-0"
                  aria-label={`Remove ${itemLabel} ${index + 1}`}
                  aria-disabled={onlyRow || undefined}
                  title={onlyRow ? `The last ${itemLabel} row cannot be removed` : undefined}
                  onClick={() => remove(index)}
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </Button>
              </div>
              {rowError && (
                <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-400">
                  {rowError}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      {listError && (
        <p id={listErrorId} className="text-sm font-medium text-red-700 dark:text-red-400">
          {listError}
        </p>
      )}
      <Button variant="outline" size="sm" onClick={add}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add {itemLabel}
      </Button>
    </fieldset>
  );
}
