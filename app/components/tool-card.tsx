import type { ReactNode } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { CARD_FACT_BADGES, HAS_FILTER_LABELS, hasFacet } from "~/lib/fact-filters";
import type { ToolCard as ToolCardData } from "~/server/catalog/tools.server";
import { CompareToggle } from "./compare-tray";
import { PricingBadge } from "./pricing-badge";
import { RatingSummary } from "./rating-summary";
import { SaveToggle } from "./save-toggle";
import { ToolLogo } from "./tool-logo";

/**
 * `note`: one line on why the card is here ("Also Free - shares Transcription, API").
 * `saved`: given for a signed-in viewer only, adds the save toggle (decision 062).
 * `extra`: controls of the page's own about this card (an alternative's votes), above its link's overlay.
 */
export function ToolCard({
  tool,
  note,
  saved,
  extra,
}: {
  tool: ToolCardData;
  note?: string;
  saved?: boolean;
  extra?: ReactNode;
}) {
  return (
    <li className="group relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-within:ring-2 focus-within:ring-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700">
      <div className={saved === undefined ? "flex items-start gap-4" : "flex items-start gap-4 pr-10"}>
        <ToolLogo name={tool.name} image={tool.image} size={56} />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-lg font-semibold text-slate-900 dark:text-slate-50">
            {/* The whole card is clickable through this link's overlay. */}
            <Link
              to={`/tool/${tool.slug || tool.id}`}
              className="after:absolute after:inset-0 focus:outline-none"
              prefetch="intent"
            >
              {tool.name}
            </Link>
          </h3>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{tool.category}</Badge>
            {tool.pricingModel && <PricingBadge model={tool.pricingModel} startingPrice={tool.startingPrice} />}
            <RatingSummary rating={tool.rating} voteCount={tool.voteCount} />
            {CARD_FACT_BADGES.filter((fact) => tool.factFacets.includes(hasFacet(fact))).map((fact) => (
              // Only a fact recorded as yes earns a badge; an unknown one shows nothing (decision 167).
              <Badge key={fact} variant="outline" data-fact={fact}>
                {HAS_FILTER_LABELS[fact]}
              </Badge>
            ))}
          </div>
        </div>
      </div>
      {tool.tagline && <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{tool.tagline}</p>}
      {note && <p className="text-sm font-medium text-indigo-800 dark:text-indigo-200">{note}</p>}
      {tool.pros.length > 0 && (
        <ul
          className="mt-auto space-y-1 text-sm text-slate-600 dark:text-slate-400"
          aria-label={`${tool.name} highlights`}
        >
          {tool.pros.slice(0, 2).map((pro) => (
            <li key={pro} className="flex gap-2">
              <span aria-hidden="true" className="text-emerald-600 dark:text-emerald-400">
                ✓
              </span>
              <span className="line-clamp-1">{pro}</span>
            </li>
          ))}
        </ul>
      )}
      {extra && <div className="relative z-10">{extra}</div>}
      {/* Its room is kept in the server's HTML: the toggle appears once JavaScript runs (decision 063). */}
      <div className="relative z-10 flex h-9 justify-end">
        <CompareToggle tool={{ slug: tool.slug, name: tool.name }} />
      </div>
      {saved !== undefined && (
        // A sibling of the card's link, never inside it, placed over the card's corner above the
        // link's overlay; after the link in the page's order, so Tab reaches the card, then its toggle.
        <SaveToggle tool={tool} saved={saved} signedIn variant="card" className="absolute right-3 top-3 z-10" />
      )}
    </li>
  );
}

/** `savedIds`: which of the tools a signed-in viewer saved; null or absent for a visitor (no toggles). */
export function ToolGrid({
  tools,
  notes,
  savedIds,
  extras,
}: {
  tools: ToolCardData[];
  notes?: ReadonlyMap<string, string>;
  savedIds?: readonly string[] | null;
  extras?: ReadonlyMap<string, ReactNode>;
}) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {tools.map((tool) => (
        <ToolCard
          key={tool.id}
          tool={tool}
          note={notes?.get(tool.id)}
          saved={savedIds ? savedIds.includes(tool.id) : undefined}
          extra={extras?.get(tool.id)}
        />
      ))}
    </ul>
  );
}
