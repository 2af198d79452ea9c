import { FieldMessages, FormField } from "~/components/admin/form-field";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import {
  FACT_VALUE_LABELS,
  PLATFORM_LABELS,
  PLATFORMS,
  TOOL_FACT_DETAIL_LABELS,
  TOOL_FACT_KINDS,
  TOOL_FACT_LABELS,
  TOOL_FACT_LIMITS,
  TOOL_FACTS,
  today,
  valuesFor,
  type ToolFactName,
} from "~/lib/tool-facts";
import { factField, FACTS_PRESENT_FIELD, type FactFormInput, type FactsFormInput } from "~/lib/tool-facts-form";

/**
 * The tool form's facts (issue 32): each one unknown until an answer is chosen, and then it needs
 * the page it was read from; the checked date becomes today when the fact is edited. Posts plain
 * fields ("facts.api.value", ...), so it works without JavaScript.
 */
export function FactsField({
  value,
  onChange,
  errors,
}: {
  value: FactsFormInput;
  onChange: (facts: FactsFormInput) => void;
  errors: Record<string, string | undefined>;
}) {
  function edit(name: ToolFactName, next: Partial<FactFormInput>) {
    const current = value[name];
    // Editing what a fact says is checking it again: the date follows, unless it was typed now.
    const checkedAt = next.checkedAt ?? today();
    onChange({ ...value, [name]: { ...current, ...next, checkedAt } });
  }

  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 text-sm font-semibold">Facts</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Leave a fact unknown rather than guess. A known fact needs the page it was read from.
      </p>
      <input type="hidden" name={FACTS_PRESENT_FIELD} value="1" />
      {TOOL_FACTS.map((name) => (
        <FactRow key={name} name={name} fact={value[name]} edit={(next) => edit(name, next)} errors={errors} />
      ))}
    </fieldset>
  );
}

function FactRow({
  name,
  fact,
  edit,
  errors,
}: {
  name: ToolFactName;
  fact: FactFormInput;
  edit: (next: Partial<FactFormInput>) => void;
  errors: Record<string, string | undefined>;
}) {
  const kind = TOOL_FACT_KINDS[name];
  const id = (part: string) => `fact-${name}-${part}`;
  const label = TOOL_FACT_LABELS[name];
  return (
    <div className="grid gap-3 border-t border-slate-200 pt-4 md:grid-cols-4 dark:border-slate-800" data-fact={name}>
      {(kind === "yes-no" || kind === "yes-no-opt-out") && (
        <FormField id={id("value")} label={label} error={errors[factField(name, "value")]}>
          {(control) => (
            <Select
              {...control}
              name={factField(name, "value")}
              value={fact.value}
              onChange={(event) => edit({ value: event.target.value })}
            >
              <option value="">Unknown</option>
              {valuesFor(name).map((answer) => (
                <option key={answer} value={answer}>
                  {FACT_VALUE_LABELS[answer]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
      )}
      {kind === "platforms" && (
        <fieldset
          className="space-y-2 md:col-span-2"
          aria-describedby={errors[factField(name, "items")] ? id("items-error") : undefined}
        >
          <legend className="text-sm font-medium">{label}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {PLATFORMS.map((platform) => (
              <label key={platform} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={factField(name, "items")}
                  value={platform}
                  checked={fact.items.includes(platform)}
                  onChange={(event) =>
                    edit({
                      items: event.target.checked
                        ? [...fact.items, platform]
                        : fact.items.filter((item) => item !== platform),
                    })
                  }
                />
                {PLATFORM_LABELS[platform]}
              </label>
            ))}
          </div>
          <FieldMessages id={id("items")} error={errors[factField(name, "items")]} />
        </fieldset>
      )}
      {kind === "list" && (
        <FormField
          id={id("items")}
          label={label}
          hint="Comma-separated, e.g. SOC 2 Type 2, ISO 27001. Blank: unknown."
          error={errors[factField(name, "items")]}
        >
          {(control) => (
            <Input
              {...control}
              name={factField(name, "items")}
              value={fact.items.join(", ")}
              onChange={(event) => edit({ items: event.target.value.split(",").map((item) => item.trimStart()) })}
            />
          )}
        </FormField>
      )}
      {kind !== "platforms" && kind !== "list" && (
        <FormField
          id={id("detail")}
          label={kind === "text" ? label : `${label}: ${TOOL_FACT_DETAIL_LABELS[name].toLowerCase()}`}
          hint={kind === "text" ? "A short text. Blank: unknown." : undefined}
          error={errors[factField(name, "detail")]}
        >
          {(control) => (
            <Input
              {...control}
              name={factField(name, "detail")}
              maxLength={TOOL_FACT_LIMITS.detail}
              value={fact.detail}
              onChange={(event) => edit({ detail: event.target.value })}
            />
          )}
        </FormField>
      )}
      <FormField id={id("source")} label={`${label}: source URL`} error={errors[factField(name, "sourceUrl")]}>
        {(control) => (
          <Input
            {...control}
            type="url"
            name={factField(name, "sourceUrl")}
            placeholder="https://"
            value={fact.sourceUrl}
            onChange={(event) => edit({ sourceUrl: event.target.value })}
          />
        )}
      </FormField>
      <FormField
        id={id("checked")}
        label={`${label}: checked`}
        hint="Today when left blank."
        error={errors[factField(name, "checkedAt")]}
      >
        {(control) => (
          <Input
            {...control}
            type="date"
            name={factField(name, "checkedAt")}
            value={fact.checkedAt}
            onChange={(event) => edit({ checkedAt: event.target.value })}
          />
        )}
      </FormField>
    </div>
  );
}
