import { isWebAddress } from "~/lib/change-log";
import {
  checkedDateText,
  factValueText,
  TOOL_FACT_KINDS,
  TOOL_FACT_LABELS,
  TOOL_FACTS,
  UNKNOWN_FACT_TEXT,
  type ToolFacts,
} from "~/lib/tool-facts";

const linkClass = "font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300";

/**
 * A tool's facts (issue 32): each answer with the page it was read from and the day it was
 * checked; a fact nobody checked reads "Unknown", never a guess.
 */
export function ToolFactList({ facts }: { facts: ToolFacts }) {
  return (
    <dl className="divide-y divide-slate-200 dark:divide-slate-800" data-testid="tool-facts">
      {TOOL_FACTS.map((name) => {
        const fact = facts[name];
        const kind = TOOL_FACT_KINDS[name];
        return (
          <div key={name} className="grid gap-1 py-3 text-sm sm:grid-cols-[12rem_1fr]" data-fact={name}>
            <dt className="font-semibold text-slate-900 dark:text-slate-100">{TOOL_FACT_LABELS[name]}</dt>
            <dd className="min-w-0 space-y-1">
              {fact ? (
                <>
                  <p className="break-words text-slate-800 dark:text-slate-200">
                    <span className="font-medium">{factValueText(name, fact)}</span>
                    {kind !== "text" && fact.detail !== "" && (
                      <>
                        {" — "}
                        {isWebAddress(fact.detail) ? (
                          <a href={fact.detail} rel="nofollow noopener noreferrer" className={linkClass}>
                            {fact.detail}
                          </a>
                        ) : (
                          fact.detail
                        )}
                      </>
                    )}
                  </p>
                  <p className="text-xs text-slate-600 dark:text-slate-400">
                    {isWebAddress(fact.sourceUrl) && (
                      <a href={fact.sourceUrl} rel="nofollow noopener noreferrer" className={linkClass}>
                        Source<span className="sr-only"> for {TOOL_FACT_LABELS[name]}</span>
                      </a>
                    )}
                    {" · "}
                    Checked <time dateTime={fact.checkedAt}>{checkedDateText(fact.checkedAt)}</time>
                  </p>
                </>
              ) : (
                <p className="text-slate-500 italic dark:text-slate-400">{UNKNOWN_FACT_TEXT}</p>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
