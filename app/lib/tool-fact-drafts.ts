import { isToolFactName, TOOL_FACT_KINDS, TOOL_FACTS, type ToolFacts } from "./tool-facts";
import { factSchema } from "./tool-facts-schema";

/** A fact as the research assistant drafts it (the same shape as ResearchFactDraft in research.ts). */
export type FactDraft = { fact: string; value: string; items: string[]; detail: string; sourceUrl: string };

/**
 * The drafted facts worth keeping (decision 165): a known fact, in its shape, citing one of the
 * pages the run read (`pageUrls`), as of `day`. A fact citing no page of the run, or none at all,
 * is dropped: the model may not invent a source. The first draft of a fact wins.
 */
export function citedFacts(
  drafts: readonly FactDraft[] | undefined,
  pageUrls: ReadonlySet<string>,
  day: string,
): ToolFacts {
  const facts: ToolFacts = {};
  for (const draft of drafts ?? []) {
    if (!isToolFactName(draft.fact) || facts[draft.fact] || !pageUrls.has(draft.sourceUrl)) continue;
    const kind = TOOL_FACT_KINDS[draft.fact];
    const parsed = factSchema(draft.fact).safeParse({
      value: kind === "yes-no" || kind === "yes-no-opt-out" ? draft.value.trim().toLowerCase() : null,
      items:
        kind === "platforms"
          ? draft.items.map((item) => item.trim().toLowerCase())
          : kind === "list"
            ? draft.items
            : [],
      detail: draft.detail,
      sourceUrl: draft.sourceUrl,
      checkedAt: day,
    });
    if (parsed.success) facts[draft.fact] = parsed.data;
  }
  return facts;
}

/** Facts back in the drafted shape (what a research run streams to the form). */
export function factDrafts(facts: ToolFacts): FactDraft[] {
  return TOOL_FACTS.flatMap((fact) => {
    const known = facts[fact];
    return known
      ? [{ fact, value: known.value ?? "", items: [...known.items], detail: known.detail, sourceUrl: known.sourceUrl }]
      : [];
  });
}
