import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { FieldMessages } from "~/components/admin/form-field";
import { Input } from "~/components/ui/input";
import type { TagChoice } from "~/lib/research-apply";
import { TOOL_FIELDS, TOOL_FORM_LIMITS } from "~/lib/tool-form";

/** The letter a tag is listed under: A-Z, or "#" for a name that starts otherwise. */
function groupOf(name: string): string {
  const first = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .charAt(0)
    .toUpperCase();
  return /[A-Z]/.test(first) ? first : "#";
}

/**
 * The tool's tags: a checkbox per tag of the admin's list, grouped by first letter, posted as
 * repeated `tags` fields (tag ids). It works without JavaScript; once it runs, a filter box narrows
 * the list. A tag hidden by the filter keeps its check and is still posted.
 */
export function TagsField({
  choices,
  value,
  onChange,
  error,
}: {
  choices: readonly TagChoice[];
  value: readonly string[];
  onChange: (tags: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [filter, setFilter] = useState("");
  // The filter needs JavaScript to do anything, so it appears only once the page runs it.
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);

  const groups = useMemo(() => {
    const byLetter = new Map<string, TagChoice[]>();
    for (const tag of choices) {
      const letter = groupOf(tag.name);
      byLetter.set(letter, [...(byLetter.get(letter) ?? []), tag]);
    }
    return [...byLetter.entries()].sort(([a], [b]) => (a === "#" ? -1 : b === "#" ? 1 : a.localeCompare(b)));
  }, [choices]);

  const wanted = filter.trim().toLowerCase();
  const shown = (tag: TagChoice) => wanted === "" || tag.name.toLowerCase().includes(wanted) || value.includes(tag.id);
  const shownCount = choices.filter(shown).length;
  const checked = new Set(value);
  const toggle = (tagId: string, on: boolean) =>
    onChange(on ? [...value.filter((other) => other !== tagId), tagId] : value.filter((other) => other !== tagId));

  const hintId = `${id}-tags-hint`;
  const errorId = error ? `${id}-tags-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ");

  return (
    <fieldset className="space-y-3" aria-describedby={describedBy}>
      <legend className="text-sm font-medium text-slate-900 dark:text-slate-100">Tags</legend>
      {choices.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No tags yet.{" "}
          <Link to="/admin/tags" className="font-medium text-indigo-700 underline dark:text-indigo-300">
            Add tags
          </Link>{" "}
          to describe tools.
        </p>
      ) : (
        <>
          {interactive && (
            <div className="max-w-xs space-y-1">
              <label htmlFor={`${id}-filter`} className="sr-only">
                Filter tags
              </label>
              <Input
                id={`${id}-filter`}
                type="search"
                placeholder="Filter tags..."
                autoComplete="off"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                // Enter in the filter must not submit the tool form.
                onKeyDown={(event) => {
                  if (event.key === "Enter") event.preventDefault();
                }}
              />
            </div>
          )}
          <p className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
            {`${value.length} of at most ${TOOL_FORM_LIMITS.tags} chosen`}
            {wanted !== "" && shownCount === 0 ? ". No tag matches the filter." : ""}
          </p>
          <div className="max-h-72 space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-3 dark:border-slate-800">
            {groups.map(([letter, tags]) => {
              const visible = tags.some(shown);
              return (
                <div key={letter} hidden={!visible} role="group" aria-labelledby={`${id}-group-${letter}`}>
                  <p
                    id={`${id}-group-${letter}`}
                    className="mb-1 text-xs font-semibold text-slate-500 dark:text-slate-400"
                  >
                    {letter}
                  </p>
                  <ul className="grid gap-1 sm:grid-cols-2 lg:grid-cols-3">
                    {tags.map((tag) => (
                      <li key={tag.id} hidden={!shown(tag)} className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          id={`tag-${tag.id}`}
                          name={TOOL_FIELDS.tags}
                          value={tag.id}
                          checked={checked.has(tag.id)}
                          onChange={(event) => toggle(tag.id, event.target.checked)}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={errorId}
                          className="h-4 w-4 accent-indigo-600"
                        />
                        <label htmlFor={`tag-${tag.id}`} className="text-sm text-slate-800 dark:text-slate-200">
                          {tag.name}
                        </label>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </div>
        </>
      )}
      <FieldMessages
        id={`${id}-tags`}
        hint={
          <>
            Choose up to {TOOL_FORM_LIMITS.tags}. The list is kept on the{" "}
            <Link to="/admin/tags" className="underline">
              Tags page
            </Link>
            .
          </>
        }
        error={error}
      />
    </fieldset>
  );
}
