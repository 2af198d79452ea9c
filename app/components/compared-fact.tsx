import { useId } from "react";
import { cn } from "~/lib/cn";
import type { ComparedFact, ComparedFactName } from "~/lib/compare";
import { isPlatform, PLATFORM_LABELS } from "~/lib/fact-filters";

/**
 * One fact in a comparison cell (decision 167): ✓ or ✗ (a word too, not only a mark), the
 * platforms or certifications, or "Unknown" when no fact is recorded. The value links to the page
 * it was read from; hovering or focusing it shows that page's site and the day it was checked, in
 * CSS alone, so it works without JavaScript and is read as the link's description.
 */

const muted = "text-slate-600 dark:text-slate-400";

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

function YesNo({ value }: { value: ComparedFact["value"] }) {
  if (value === "yes") {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-emerald-800 dark:text-emerald-300">
        <span aria-hidden="true">✓</span>
        <span>Yes</span>
      </span>
    );
  }
  if (value === "no") {
    return (
      <span className="inline-flex items-center gap-1 font-medium text-slate-700 dark:text-slate-300">
        <span aria-hidden="true">✗</span>
        <span>No</span>
      </span>
    );
  }
  return <span>{value === "opt-out" ? "Yes, unless you opt out" : "Unknown"}</span>;
}

function factText(name: ComparedFactName, fact: ComparedFact) {
  if (name === "platforms") {
    if (fact.items.length === 0) return <span>None listed</span>;
    return <span>{fact.items.map((item) => (isPlatform(item) ? PLATFORM_LABELS[item] : item)).join(", ")}</span>;
  }
  if (name === "certifications") return <span>{fact.items.length > 0 ? fact.items.join(", ") : "None"}</span>;
  if (name === "trains_on_your_data") {
    // Training on your data is not a feature: no tick for yes.
    return <span>{fact.value === "yes" ? "Yes" : fact.value === "no" ? "No" : "Yes, unless you opt out"}</span>;
  }
  return <YesNo value={fact.value} />;
}

export function ComparedFactCell({ name, fact }: { name: ComparedFactName; fact: ComparedFact | undefined }) {
  const sourceId = useId();
  if (!fact) return <span className={muted}>Unknown</span>;
  return (
    // As wide as its cell, and so is the source under it: never wider than the screen.
    <span className="group relative block">
      <a
        href={fact.sourceUrl}
        target="_blank"
        rel="noopener noreferrer nofollow"
        aria-describedby={sourceId}
        className="rounded-sm underline decoration-dotted underline-offset-4 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
      >
        {factText(name, fact)}
        <span className="sr-only"> (source, opens in a new tab)</span>
      </a>
      {fact.detail && <span className={cn("block text-xs", muted)}>{fact.detail}</span>}
      <span
        id={sourceId}
        role="tooltip"
        className={cn(
          "pointer-events-none absolute inset-x-0 top-full z-20 mt-1 rounded-md break-words border border-slate-200 bg-white px-2 py-1 text-xs shadow-md",
          "dark:border-slate-700 dark:bg-slate-900",
          // Kept in the accessibility tree (it is the link's description), shown on hover or focus.
          "invisible opacity-0 group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100",
        )}
      >
        Source: {hostOf(fact.sourceUrl)}, checked {fact.checkedAt}
      </span>
    </span>
  );
}
