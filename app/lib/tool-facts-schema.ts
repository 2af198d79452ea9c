import { z } from "zod";
import {
  isCalendarDay,
  isFactSourceUrl,
  isPlatform,
  isToolFactName,
  PLATFORMS,
  today,
  TOOL_FACT_KINDS,
  TOOL_FACT_LIMITS,
  TOOL_FACT_MESSAGES,
  TOOL_FACTS,
  valuesFor,
  type ToolFact,
  type ToolFactName,
  type ToolFacts,
} from "./tool-facts";
import { DAY_MS } from "./utc-weeks";

// The zod schemas of the facts (issue 32), apart from their names and labels in tool-facts.ts so
// that the browser's pages showing facts do not load zod (decision 186).

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/**
 * One fact, checked for its shape. Used on parsed values (the form's, the assistant's, a
 * proposal's, an import's): `fact` names which shape applies.
 */
export function factSchema(fact: ToolFactName) {
  const kind = TOOL_FACT_KINDS[fact];
  const allowed = valuesFor(fact);
  return z
    .object({
      value: z.enum(["yes", "no", "opt-out"]).nullable(),
      items: z
        .array(
          z
            .string()
            .transform(oneLine)
            .pipe(z.string().min(1).max(TOOL_FACT_LIMITS.itemLength, TOOL_FACT_MESSAGES.itemTooLong)),
        )
        .max(TOOL_FACT_LIMITS.items, TOOL_FACT_MESSAGES.itemsTooMany)
        .transform((items) => [...new Set(items)]),
      detail: z
        .string()
        .transform(oneLine)
        .pipe(z.string().max(TOOL_FACT_LIMITS.detail, TOOL_FACT_MESSAGES.detailTooLong)),
      sourceUrl: z
        .string()
        .trim()
        .min(1, TOOL_FACT_MESSAGES.sourceRequired)
        .max(TOOL_FACT_LIMITS.sourceUrl, TOOL_FACT_MESSAGES.sourceInvalid)
        .refine(isFactSourceUrl, TOOL_FACT_MESSAGES.sourceInvalid),
      checkedAt: z
        .string()
        .trim()
        .refine(isCalendarDay, TOOL_FACT_MESSAGES.checkedInvalid)
        // A day ahead of UTC is still today somewhere: a form filled in late in the evening west of Greenwich.
        .refine((day) => day <= today(new Date(Date.now() + DAY_MS)), TOOL_FACT_MESSAGES.checkedInFuture),
    })
    .superRefine((input, ctx) => {
      if (allowed.length > 0 && (input.value === null || !allowed.includes(input.value)))
        ctx.addIssue({ code: "custom", path: ["value"], message: TOOL_FACT_MESSAGES.valueUnknown });
      if (allowed.length === 0 && input.value !== null)
        ctx.addIssue({ code: "custom", path: ["value"], message: TOOL_FACT_MESSAGES.valueUnknown });
      if (kind === "platforms" && input.items.some((item) => !isPlatform(item)))
        ctx.addIssue({ code: "custom", path: ["items"], message: TOOL_FACT_MESSAGES.platformUnknown });
      if ((kind === "platforms" || kind === "list") && input.items.length === 0)
        ctx.addIssue({ code: "custom", path: ["items"], message: TOOL_FACT_MESSAGES.itemsRequired });
      if (kind !== "platforms" && kind !== "list" && input.items.length > 0)
        ctx.addIssue({ code: "custom", path: ["items"], message: TOOL_FACT_MESSAGES.itemsRequired });
      if (kind === "text" && input.detail === "")
        ctx.addIssue({ code: "custom", path: ["detail"], message: TOOL_FACT_MESSAGES.detailRequired });
    })
    .transform((input): ToolFact => ({
      value: input.value,
      // Platforms in the fixed order, so two lists of the same platforms compare equal.
      items: kind === "platforms" ? PLATFORMS.filter((platform) => input.items.includes(platform)) : input.items,
      detail: input.detail,
      sourceUrl: input.sourceUrl,
      checkedAt: input.checkedAt,
    }));
}

/** A whole set of known facts (an import's, a draft's): each key checked with its own shape. */
export const toolFactsSchema = z
  .record(z.string(), z.unknown())
  .superRefine((record, ctx) => {
    for (const [name, fact] of Object.entries(record)) {
      if (!isToolFactName(name)) {
        ctx.addIssue({ code: "custom", path: [name], message: `Unknown fact: ${name}` });
        continue;
      }
      const parsed = factSchema(name).safeParse(fact);
      if (!parsed.success)
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: [name, ...issue.path.map(String)], message: issue.message });
    }
  })
  .transform((record): ToolFacts => {
    const facts: ToolFacts = {};
    for (const name of TOOL_FACTS) if (name in record) facts[name] = factSchema(name).parse(record[name]);
    return facts;
  });
