import { z } from "zod";
import {
  isToolFactName,
  TOOL_FACT_KINDS,
  TOOL_FACTS,
  today,
  type ToolFact,
  type ToolFactName,
  type ToolFacts,
} from "./tool-facts";
import { factSchema } from "./tool-facts-schema";
import type { FactDraft } from "./tool-fact-drafts";

/**
 * The tool form's facts rows (decision 164): the fields it posts, how a post is read, and the
 * schema that turns the rows into known facts (each checked by the facts' own schema).
 */

/** The form's field names for one fact: "facts.free_plan.value", ... */
export function factField(fact: ToolFactName, part: "value" | "items" | "detail" | "sourceUrl" | "checkedAt"): string {
  return `facts.${fact}.${part}`;
}

/** Posted by the tool form so the action knows the facts were on it (a form without them leaves them alone). */
export const FACTS_PRESENT_FIELD = "facts.present";

/** One fact as the form posts it: blank value (and no items, no detail) means unknown. */
export type FactFormInput = {
  value: string;
  items: string[];
  detail: string;
  sourceUrl: string;
  checkedAt: string;
};

export type FactsFormInput = Record<ToolFactName, FactFormInput>;

/** Whether the admin said anything about this fact: an untouched row stays unknown. */
function factIsSet(fact: ToolFactName, input: FactFormInput): boolean {
  const kind = TOOL_FACT_KINDS[fact];
  if (kind === "platforms" || kind === "list") return input.items.some((item) => item.trim() !== "");
  if (kind === "text") return input.detail.trim() !== "";
  return input.value.trim() !== "";
}

/**
 * The facts part of the tool form: each row either unknown (nothing chosen: no row is written,
 * whatever its source says) or a fact that must name its source; the checked date defaults to today.
 * Errors carry the form field's name, "facts.api.sourceUrl".
 */
export const factsFormSchema = z.record(z.string(), z.unknown()).transform((record, ctx): ToolFacts => {
  const facts: ToolFacts = {};
  for (const name of TOOL_FACTS) {
    const input = record[name] as FactFormInput | undefined;
    if (!input || !factIsSet(name, input)) continue;
    const parsed = factSchema(name).safeParse({
      value: input.value.trim() === "" ? null : input.value.trim(),
      items: input.items.filter((item) => item.trim() !== ""),
      detail: input.detail,
      sourceUrl: input.sourceUrl,
      checkedAt: input.checkedAt.trim() === "" ? today() : input.checkedAt,
    });
    if (parsed.success) facts[name] = parsed.data;
    else
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: [name, ...issue.path.map(String)], message: issue.message });
  }
  return facts;
});

/** Reads the facts rows of a posted tool form; undefined when the form had none. */
export function factsFormInputFrom(form: FormData): FactsFormInput | undefined {
  if (form.get(FACTS_PRESENT_FIELD) === null) return undefined;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(
    TOOL_FACTS.map((fact) => [
      fact,
      {
        value: text(factField(fact, "value")),
        items: form
          .getAll(factField(fact, "items"))
          .flatMap((value) => (typeof value === "string" ? value.split(/\r?\n|,/) : []))
          .map((item) => item.trim())
          .filter((item) => item !== ""),
        detail: text(factField(fact, "detail")),
        sourceUrl: text(factField(fact, "sourceUrl")),
        checkedAt: text(factField(fact, "checkedAt")),
      },
    ]),
  ) as FactsFormInput;
}

/** A known fact as the form shows it again. */
export function factFormInput(fact: ToolFact | undefined): FactFormInput {
  return fact
    ? {
        value: fact.value ?? "",
        items: [...fact.items],
        detail: fact.detail,
        sourceUrl: fact.sourceUrl,
        checkedAt: fact.checkedAt,
      }
    : { value: "", items: [], detail: "", sourceUrl: "", checkedAt: "" };
}

/** The form's facts with the drafted ones put in (checked today); the others stay as they are. */
export function applyDraftedFacts(
  current: FactsFormInput,
  drafts: readonly FactDraft[] | undefined,
  day = today(),
): FactsFormInput {
  const next = { ...current };
  for (const draft of drafts ?? []) {
    if (!isToolFactName(draft.fact)) continue;
    next[draft.fact] = {
      value: draft.value,
      items: [...draft.items],
      detail: draft.detail,
      sourceUrl: draft.sourceUrl,
      checkedAt: day,
    };
  }
  return next;
}
