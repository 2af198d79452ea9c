import { ExternalLink, Sparkles, X } from "lucide-react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { isLinkableUrl } from "~/lib/form-fields";
import type { ResearchMode, ResearchOutcome, ResearchSource } from "~/lib/research";
import { uniqueSources } from "~/lib/research-run";
import { factSummary, isToolFactName, TOOL_FACT_LABELS, type FactValue } from "~/lib/tool-facts";

export const RESEARCH_NOTES = {
  noSources: "No web results were found: the draft relies on the model alone. Check every fact before saving.",
  logoFromWebsite:
    "The Logo URL was set from the website address, as for every drafted tool. Upload the logo if the preview stays empty.",
  notSaved: "Nothing is saved until you press Save.",
} as const;

const secondaryText = "text-slate-600 dark:text-slate-400";

const formatCount = (count: number) => count.toLocaleString("en-US");

/** Sources come from web pages and the model: only an http(s) address becomes a link. */
function hostnameOf(url: string): string | null {
  if (!/^https?:/i.test(url) || !isLinkableUrl(url)) return null;
  return new URL(url).hostname.replace(/^www\./, "");
}

/** One source: its title and site, opening in a new tab so the form being edited stays put. */
export function SourceLink({ source }: { source: ResearchSource }) {
  const hostname = hostnameOf(source.url);
  const title = source.title.trim() || hostname || source.url;
  if (hostname === null) return <span className={cn("block truncate", secondaryText)}>{title}</span>;
  return (
    <a
      href={source.url}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex min-w-0 items-baseline gap-2 rounded-sm text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
    >
      <ExternalLink
        aria-hidden="true"
        className="h-3.5 w-3.5 shrink-0 self-center text-slate-500 dark:text-slate-400"
      />
      <span className="truncate font-medium text-indigo-700 underline underline-offset-2 group-hover:text-indigo-900 dark:text-indigo-300 dark:group-hover:text-indigo-200">
        {title}
      </span>
      <span className={cn("shrink-0 text-xs", secondaryText)}>{hostname}</span>
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

/** Competitor names without blanks and repeats: the model sometimes lists one twice. */
function competitorsFrom(names: readonly string[]): string[] {
  const kept = new Map<string, string>();
  for (const name of names) {
    const text = name.replace(/\s+/g, " ").trim();
    if (text !== "" && !kept.has(text.toLowerCase())) kept.set(text.toLowerCase(), text);
  }
  return [...kept.values()];
}

/**
 * What the last research run drew on, shown beside the form once its draft is applied: the model,
 * the tokens spent, the sources to check the facts against, and the market research that has no
 * field in the form.
 */
export function ResearchSummary({
  outcome,
  mode,
  proposedTags = [],
  onDismiss,
}: {
  outcome: ResearchOutcome;
  mode: ResearchMode;
  /** Tags the model suggested that are not in the list: named here, never created. */
  proposedTags?: readonly string[];
  onDismiss(): void;
}) {
  const headingId = useId();
  const sources = uniqueSources(outcome.sources);
  const competitors = competitorsFrom(outcome.result.marketResearch.competitors);
  const audience = outcome.result.marketResearch.targetAudience.trim();
  const { inputTokens, outputTokens } = outcome.usage;

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-900 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            <Sparkles aria-hidden="true" className="h-4 w-4 text-indigo-600 dark:text-indigo-400" />
            AI research
          </h2>
          <p className={secondaryText}>
            Model <span className="font-medium text-slate-900 dark:text-slate-100">{outcome.model}</span>
            {" · "}
            {formatCount(inputTokens)} tokens in / {formatCount(outputTokens)} out
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          onClick={onDismiss}
          aria-label="Dismiss the AI research summary"
          className="shrink-0"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      </div>

      <p className="font-medium">The form was filled in from this research. {RESEARCH_NOTES.notSaved}</p>

      {sources.length === 0 ? (
        <p className="font-medium text-amber-800 dark:text-amber-300">{RESEARCH_NOTES.noSources}</p>
      ) : (
        <div className="space-y-2">
          <h3 className="font-semibold">Sources</h3>
          <ul className="max-h-40 space-y-1.5 overflow-y-auto pr-1">
            {sources.map((source) => (
              <li key={source.url} className="min-w-0">
                <SourceLink source={source} />
              </li>
            ))}
          </ul>
        </div>
      )}

      {(outcome.result.facts ?? []).length > 0 && (
        <div className="space-y-2">
          <h3 className="font-semibold">
            Facts{" "}
            <span className={cn("font-normal", secondaryText)}>
              (each from the page it cites; the rest stay unknown)
            </span>
          </h3>
          <ul className="space-y-1.5">
            {(outcome.result.facts ?? []).map((draft) =>
              isToolFactName(draft.fact) ? (
                <li key={draft.fact} className="min-w-0">
                  <span className="font-medium">{TOOL_FACT_LABELS[draft.fact]}:</span>{" "}
                  {factSummary(draft.fact, {
                    ...draft,
                    value: (draft.value || null) as FactValue | null,
                    checkedAt: "",
                  })}
                  <SourceLink
                    source={
                      sources.find((source) => source.url === draft.sourceUrl) ?? { title: "", url: draft.sourceUrl }
                    }
                  />
                </li>
              ) : null,
            )}
          </ul>
        </div>
      )}

      {mode === "create" && <p className={secondaryText}>{RESEARCH_NOTES.logoFromWebsite}</p>}

      {proposedTags.length > 0 && (
        <p>
          <span className="font-medium">Proposed new tags: {proposedTags.join(", ")}</span>{" "}
          <span className={secondaryText}>
            (not in the tag list, so not checked: create them on the{" "}
            <a
              href="/admin/tags"
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
            >
              Tags page<span className="sr-only"> (opens in a new tab)</span>
            </a>{" "}
            if they fit, then check them here)
          </span>
        </p>
      )}

      {(competitors.length > 0 || audience !== "") && (
        <div className="space-y-2">
          <h3 className="font-semibold">
            Market research{" "}
            <span className={cn("font-normal", secondaryText)}>(for your information: not part of the tool)</span>
          </h3>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {competitors.length > 0 && (
              <>
                <dt className="font-medium">Competitors</dt>
                <dd className={secondaryText}>{competitors.join(", ")}</dd>
              </>
            )}
            {audience !== "" && (
              <>
                <dt className="font-medium">Target audience</dt>
                <dd className={secondaryText}>{audience}</dd>
              </>
            )}
          </dl>
        </div>
      )}
    </section>
  );
}
