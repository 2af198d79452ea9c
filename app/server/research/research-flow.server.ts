import { citedFacts, factDrafts } from "~/lib/tool-fact-drafts";
import type {
  ResearchEvent,
  ResearchMode,
  ResearchResult,
  ResearchSource,
  ResearchStep,
  TokenUsage,
} from "~/lib/research";
import type { ResearchModel } from "./model.server";
import { createQueries, researchPrompt, SYSTEM_PROMPT, updateQueries, type CurrentEntry } from "./prompts.server";
import type { SearchOutcome, WebSearchClient } from "./web-search.server";

/**
 * One research run (spec section 7, "AI flows", without the discarded report pass): three web
 * searches, one after another, then one model call. Each step is announced as it starts and
 * ends, so the dialog can show the run as it happens.
 */

/** `tagNames`: the directory's tags, which the model picks its suggestions from. */
export type ResearchTask = (
  { mode: "create"; subject: string } | { mode: "update"; subject: string; current: CurrentEntry }
) & { tagNames?: readonly string[] };

export type ResearchOutcome = {
  result: ResearchResult;
  sources: ResearchSource[];
  /** The same pages with their snippets, for the server only: a refresh proposal cites them (never streamed). */
  pages: { url: string; title: string; snippet: string }[];
  usage: TokenUsage;
  searches: number;
};

const resultsText = (count: number) => (count === 0 ? "No results" : count === 1 ? "1 result" : `${count} results`);
const number = (value: number) => value.toLocaleString("en-US");

/** Every page the model was shown, each address once, in the order found. */
function sourcesOf(outcomes: readonly SearchOutcome[]): ResearchSource[] {
  const seen = new Map<string, ResearchSource>();
  for (const outcome of outcomes) {
    for (const result of outcome.results)
      if (!seen.has(result.url)) seen.set(result.url, { title: result.title, url: result.url });
  }
  return [...seen.values()];
}

/** Every page the model was shown with its snippet, each address once, in the order found. */
function pagesOf(outcomes: readonly SearchOutcome[]): ResearchOutcome["pages"] {
  const seen = new Map<string, ResearchOutcome["pages"][number]>();
  for (const outcome of outcomes) {
    for (const result of outcome.results)
      if (!seen.has(result.url))
        seen.set(result.url, { url: result.url, title: result.title, snippet: result.description });
  }
  return [...seen.values()];
}

export function queriesFor(task: ResearchTask, today: Date): string[] {
  return task.mode === "create" ? createQueries(task.subject) : updateQueries(task.subject, today.getUTCFullYear());
}

export async function runResearch({
  task,
  search,
  model,
  emit,
  signal,
  today = new Date(),
}: {
  task: ResearchTask;
  search: WebSearchClient;
  model: ResearchModel;
  emit: (event: ResearchEvent) => void;
  signal?: AbortSignal;
  today?: Date;
}): Promise<ResearchOutcome> {
  const queries = queriesFor(task, today);
  const steps: ResearchStep[] = [
    ...queries.map((query, index) => ({
      id: `search-${index + 1}`,
      kind: "search" as const,
      label: `Searching the web for “${query}”`,
    })),
    { id: "model", kind: "model" as const, label: `Writing the entry with ${model.id.split(":").slice(1).join(":")}` },
  ];
  emit({ type: "plan", steps });

  const outcomes: SearchOutcome[] = [];
  for (const [index, query] of queries.entries()) {
    const id = steps[index]!.id;
    emit({ type: "step", id, status: "running" });
    const outcome = await search.search(query, { signal });
    outcomes.push(outcome);
    emit({
      type: "step",
      id,
      status: "done",
      detail: resultsText(outcome.results.length),
      sources: sourcesOf([outcome]),
    });
  }

  emit({ type: "step", id: "model", status: "running" });
  const prompt = researchPrompt({
    mode: task.mode satisfies ResearchMode,
    subject: task.subject,
    current: task.mode === "update" ? task.current : null,
    searches: outcomes,
    today,
    tagNames: task.tagNames ?? [],
  });
  const { result, usage } = await model.generate({ system: SYSTEM_PROMPT, prompt, signal });
  emit({
    type: "step",
    id: "model",
    status: "done",
    detail: `${number(usage.inputTokens)} tokens in, ${number(usage.outputTokens)} out`,
  });

  const pages = pagesOf(outcomes);
  // A fact stays only when it cites a page this run read (decision 165); the model cannot invent a source.
  const facts = citedFacts(result.facts, new Set(pages.map((page) => page.url)), today.toISOString().slice(0, 10));
  return {
    result: { ...result, facts: factDrafts(facts) },
    sources: sourcesOf(outcomes),
    pages,
    usage,
    searches: outcomes.length,
  };
}
