import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { changeTitle, isWebAddress, type ChangeEntry, type ChangeValue } from "~/lib/change-log";
import { formatDate } from "~/lib/format";

function Value({ value, label }: { value: ChangeValue; label: string }) {
  const className = "min-w-0 break-words text-slate-800 dark:text-slate-200";
  return (
    <div className="min-w-0 flex-1">
      <span className="sr-only">{label}: </span>
      {value.kind === "empty" ? (
        <span className="text-slate-500 italic dark:text-slate-400">(none)</span>
      ) : value.kind === "text" ? (
        <span className={className}>{value.text}</span>
      ) : (
        <ul className={`list-disc pl-5 ${className}`}>
          {value.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Entries of the public change log: what changed, from what to what, who and when, and the pages
 * an accepted AI proposal cited. A change of status reads as what happened to the tool ("Added to
 * the directory by Ada", decision 185). `showTool` names the tool (the catalogue-wide log).
 */
export function ChangeList({ entries, showTool = false }: { entries: ChangeEntry[]; showTool?: boolean }) {
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {entries.map((entry) => {
        const at = new Date(entry.createdAt);
        const sources = entry.sources.filter((source) => isWebAddress(source.url));
        return (
          <li key={entry.id} className="space-y-2 p-4 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2">
              {showTool && (
                <Link
                  to={`/tool/${encodeURIComponent(entry.toolSlug)}`}
                  className="font-semibold text-indigo-700 hover:underline dark:text-indigo-300"
                >
                  {entry.toolName}
                </Link>
              )}
              <span className="font-semibold text-slate-900 dark:text-slate-100">
                {entry.event ? changeTitle(entry) : entry.fieldLabel}
              </span>
              <span className="text-slate-600 dark:text-slate-400">
                {entry.event ? "by" : "changed by"} {entry.author} on{" "}
                <time dateTime={at.toISOString()}>{formatDate(at.toISOString())}</time>
              </span>
            </p>
            {!entry.event && (
              <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
                <Value value={entry.before} label="Before" />
                <ArrowRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400 max-sm:rotate-90 sm:mt-0.5" />
                <Value value={entry.after} label="After" />
              </div>
            )}
            {sources.length > 0 && (
              <div className="text-slate-600 dark:text-slate-400">
                Sources:{" "}
                <ul className="inline">
                  {sources.map((source, index) => (
                    <li key={source.url} className="inline">
                      {index > 0 && ", "}
                      <a
                        href={source.url}
                        rel="nofollow noopener noreferrer"
                        target="_blank"
                        className="text-indigo-700 hover:underline dark:text-indigo-300"
                      >
                        {source.title || new URL(source.url).hostname}
                        <span className="sr-only"> (opens in a new tab)</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
