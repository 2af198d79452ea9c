import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { ToolCard as ToolCardData } from "~/server/catalog/tools.server";
import { PricingBadge } from "./pricing-badge";
import { RatingSummary } from "./rating-summary";
import { ToolLogo } from "./tool-logo";

export function ToolCard({ tool }: { tool: ToolCardData }) {
  return (
    <li className="group relative flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-within:ring-2 focus-within:ring-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700">
      <div className="flex items-start gap-4">
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
          </div>
        </div>
      </div>
      {tool.tagline && <p className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{tool.tagline}</p>}
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
    </li>
  );
}

export function ToolGrid({ tools }: { tools: ToolCardData[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {tools.map((tool) => (
        <ToolCard key={tool.id} tool={tool} />
      ))}
    </ul>
  );
}
