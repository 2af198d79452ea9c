import { SlidersHorizontal, X } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { type FactCounts, HAS_FILTER_LABELS, HAS_FILTERS, PLATFORM_LABELS, PLATFORMS } from "~/lib/fact-filters";
import type { SearchUnderstanding } from "~/lib/search-understanding";
import { PRICING_MODEL_LABELS, PRICING_MODELS, type PricingModel } from "~/lib/pricing-model";
import {
  activeFactFilterCount,
  isFiltered,
  TOOL_SORT_LABELS,
  TOOL_SORTS,
  toolFiltersSearch,
  type ToolFilters,
  type ToolSort,
} from "~/lib/tool-filters";

export type TagOption = { slug: string; name: string };

/** "Has a free plan": the one-click answer to the most common pricing question. */
const FREE_OPTIONS: PricingModel[] = ["free", "freemium"];

function hrefFor(path: string, filters: ToolFilters, change: Partial<ToolFilters>) {
  // Any change of what is shown starts again at page 1.
  const search = toolFiltersSearch({ ...filters, page: 1, ...change });
  return search ? `${path}?${search}` : path;
}

function toggled<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((other) => other !== item) : [...list, item];
}

function sameSet<T>(a: T[], b: T[]) {
  return a.length === b.length && a.every((item) => b.includes(item));
}

/**
 * One row of choices: scrolled sideways when it does not fit (a phone), so the tools stay near the top.
 * Relative, so the counts' screen-reader words (placed absolutely) stay inside its scroll box.
 */
const FILTER_ROW =
  "relative -mx-1 flex min-w-0 items-center gap-2 overflow-x-auto px-1 py-1 whitespace-nowrap [scrollbar-width:thin]";
const ROW_LABEL = "mr-1 shrink-0 font-medium text-slate-700 dark:text-slate-300";

/** A filter link that shows whether it is on; pressing it again turns it off. */
function ToggleLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      preventScrollReset
      rel="nofollow"
      aria-current={active ? "true" : undefined}
      className={buttonClasses(
        { variant: active ? "default" : "outline", size: "sm" },
        "h-8 shrink-0 gap-1.5 rounded-full px-3",
      )}
    >
      {children}
    </Link>
  );
}

/** "12", "1,000+": how many tools a choice would show; a text search's partial count is a lower bound. */
function countText(count: number, counts: FactCounts): string {
  if (count > counts.cap) return `${counts.cap.toLocaleString("en-US")}+`;
  return `${count.toLocaleString("en-US")}${counts.partial ? "+" : ""}`;
}

/** The number beside a choice, read as "12 tools" by a screen reader. */
function ChoiceCount({ count, counts }: { count: number; counts: FactCounts | null }) {
  if (!counts) return null;
  return (
    <span className="text-xs tabular-nums opacity-75">
      {countText(count, counts)}
      <span className="sr-only"> {count === 1 && !counts.partial ? "tool" : "tools"}</span>
    </span>
  );
}

/**
 * Pricing, tag and sort choices for a tool list, as links: each is an address, so they work
 * without JavaScript, can be shared, and with it navigate in place. `fixedTag` is the tag a tag
 * page is about (never offered as a filter there).
 */
function ToolFilterBar({
  path,
  filters,
  sort,
  tags,
  fixedTag,
  factCounts,
  idPrefix,
}: {
  path: string;
  filters: ToolFilters;
  /** The order shown, or null for the page's own default that is none of these (a category's plain rating). */
  sort: ToolSort | null;
  tags: TagOption[];
  fixedTag?: string;
  factCounts: FactCounts | null;
  /** The bar is drawn twice (the phone's sheet and the wider screens' rows): its labels' ids differ. */
  idPrefix: string;
}) {
  const sorts = TOOL_SORTS.filter((option) => option !== "relevance" || filters.query !== "");
  const tagChoices = tags.filter((tag) => tag.slug !== fixedTag);
  const has = filters.has ?? [];
  const platforms = filters.platforms ?? [];
  const id = (name: string) => `${idPrefix}${name}`;
  return (
    <div className="space-y-2 text-sm">
      <div role="group" aria-labelledby={id("pricing-filter-label")} className={FILTER_ROW}>
        <span id={id("pricing-filter-label")} className="mr-1 shrink-0 font-medium text-slate-700 dark:text-slate-300">
          Pricing
        </span>
        <ToggleLink
          to={hrefFor(path, filters, { pricing: sameSet(filters.pricing, FREE_OPTIONS) ? [] : FREE_OPTIONS })}
          active={sameSet(filters.pricing, FREE_OPTIONS)}
        >
          Free or freemium
        </ToggleLink>
        {PRICING_MODELS.map((model) => (
          <ToggleLink
            key={model}
            to={hrefFor(path, filters, { pricing: toggled(filters.pricing, model) })}
            active={filters.pricing.includes(model)}
          >
            {PRICING_MODEL_LABELS[model]}
          </ToggleLink>
        ))}
      </div>
      <div className="flex flex-col gap-2 xl:flex-row xl:gap-8">
        <div role="group" aria-labelledby={id("has-filter-label")} className={cn(FILTER_ROW, "xl:shrink-0")}>
          <span id={id("has-filter-label")} className={ROW_LABEL}>
            Has
          </span>
          {HAS_FILTERS.map((value) => (
            <ToggleLink
              key={value}
              to={hrefFor(path, filters, { has: toggled(has, value) })}
              active={has.includes(value)}
            >
              {HAS_FILTER_LABELS[value]}
              <ChoiceCount count={factCounts?.has[value] ?? 0} counts={factCounts} />
            </ToggleLink>
          ))}
        </div>
        <div role="group" aria-labelledby={id("platform-filter-label")} className={FILTER_ROW}>
          <span id={id("platform-filter-label")} className={ROW_LABEL}>
            Platform
          </span>
          {PLATFORMS.map((value) => (
            <ToggleLink
              key={value}
              to={hrefFor(path, filters, { platforms: toggled(platforms, value) })}
              active={platforms.includes(value)}
            >
              {PLATFORM_LABELS[value]}
              <ChoiceCount count={factCounts?.platforms[value] ?? 0} counts={factCounts} />
            </ToggleLink>
          ))}
        </div>
      </div>
      {tagChoices.length > 0 && (
        <div role="group" aria-labelledby={id("tag-filter-label")} className={FILTER_ROW}>
          <span id={id("tag-filter-label")} className="mr-1 shrink-0 font-medium text-slate-700 dark:text-slate-300">
            Tags
          </span>
          {tagChoices.map((tag) => (
            <ToggleLink
              key={tag.slug}
              to={hrefFor(path, filters, { tags: toggled(filters.tags, tag.slug) })}
              active={filters.tags.includes(tag.slug)}
            >
              {tag.name}
            </ToggleLink>
          ))}
        </div>
      )}
      <div className="flex flex-col gap-3 lg:flex-row lg:gap-8">
        <div role="group" aria-labelledby={id("sort-label")} className={FILTER_ROW}>
          <span id={id("sort-label")} className="mr-1 shrink-0 font-medium text-slate-700 dark:text-slate-300">
            Sort by
          </span>
          {sorts.map((option) => (
            <ToggleLink key={option} to={hrefFor(path, filters, { sort: option })} active={option === sort}>
              {TOOL_SORT_LABELS[option]}
            </ToggleLink>
          ))}
        </div>
        <div role="group" aria-labelledby={id("status-filter-label")} className={FILTER_ROW}>
          <span id={id("status-filter-label")} className="mr-1 shrink-0 font-medium text-slate-700 dark:text-slate-300">
            Status
          </span>
          <ToggleLink
            to={hrefFor(path, filters, { discontinued: !filters.discontinued })}
            active={filters.discontinued === true}
          >
            Discontinued only
          </ToggleLink>
        </div>
      </div>
    </div>
  );
}

/**
 * What narrows the list, each as a chip that removes it, and a way to clear them all.
 * `categoryRemovable` is false on a category page, whose category is the page itself.
 */
function ActiveFilterChips({
  path,
  filters,
  tagNames,
  categoryRemovable = true,
  showClear = true,
}: {
  path: string;
  filters: ToolFilters;
  tagNames: Map<string, string>;
  categoryRemovable?: boolean;
  /** False where an empty list already offers its own "Clear filters". */
  showClear?: boolean;
}) {
  if (!isFiltered(filters, { ignoreCategory: !categoryRemovable })) return null;
  const chips: { key: string; label: string; to: string }[] = [];
  if (filters.query) chips.push({ key: "q", label: `“${filters.query}”`, to: hrefFor(path, filters, { query: "" }) });
  if (categoryRemovable && filters.category) {
    chips.push({ key: "category", label: filters.category, to: hrefFor(path, filters, { category: null }) });
  }
  for (const model of filters.pricing) {
    chips.push({
      key: `pricing-${model}`,
      label: PRICING_MODEL_LABELS[model],
      to: hrefFor(path, filters, { pricing: toggled(filters.pricing, model) }),
    });
  }
  for (const slug of filters.tags) {
    chips.push({
      key: `tag-${slug}`,
      label: tagNames.get(slug) ?? slug,
      to: hrefFor(path, filters, { tags: toggled(filters.tags, slug) }),
    });
  }
  for (const value of filters.has ?? []) {
    chips.push({
      key: `has-${value}`,
      label: HAS_FILTER_LABELS[value],
      to: hrefFor(path, filters, { has: toggled(filters.has ?? [], value) }),
    });
  }
  for (const value of filters.platforms ?? []) {
    chips.push({
      key: `platform-${value}`,
      label: PLATFORM_LABELS[value],
      to: hrefFor(path, filters, { platforms: toggled(filters.platforms ?? [], value) }),
    });
  }
  if (filters.discontinued) {
    chips.push({ key: "status", label: "Discontinued", to: hrefFor(path, filters, { discontinued: false }) });
  }
  const cleared = hrefFor(path, filters, {
    query: "",
    category: categoryRemovable ? null : filters.category,
    pricing: [],
    tags: [],
    has: [],
    platforms: [],
    discontinued: false,
  });
  return (
    <ul aria-label="Active filters" className="flex min-h-9 flex-wrap items-center gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={chip.to}
            preventScrollReset
            rel="nofollow"
            className={cn(
              "inline-flex items-center gap-1 rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-sm text-indigo-900",
              "hover:bg-indigo-100 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none",
              "dark:border-indigo-800 dark:bg-indigo-950 dark:text-indigo-100 dark:hover:bg-indigo-900",
            )}
          >
            {chip.label}
            <X aria-hidden="true" className="h-3.5 w-3.5" />
            <span className="sr-only">(remove this filter)</span>
          </Link>
        </li>
      ))}
      {showClear && (
        <li>
          <Link
            to={cleared}
            preventScrollReset
            rel="nofollow"
            className="text-sm font-medium text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300"
          >
            Clear filters
          </Link>
        </li>
      )}
    </ul>
  );
}

/**
 * What the search understood of its text (decision 155), said where the list starts: the page the
 * words named, the filters they named (each a chip linking to the search without its words) and,
 * when nothing matched, words, tags and categories to try.
 */
function SearchNotes({
  path,
  filters,
  understanding,
}: {
  path: string;
  filters: ToolFilters;
  understanding: SearchUnderstanding;
}) {
  const { link, didYouMean, relatedTags, relatedCategories } = understanding;
  const linkClass = "font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300";
  return (
    <>
      {link && (
        <p>
          <Link to={link.href} className={linkClass}>
            {link.label} →
          </Link>
        </p>
      )}
      {understanding.filters.length > 0 && (
        <ul aria-label="Understood from your search" className="flex flex-wrap items-center gap-2 text-sm">
          <li className="text-slate-700 dark:text-slate-300">Understood:</li>
          {understanding.filters.map((filter) => (
            <li key={filter.intent}>
              <Link
                to={hrefFor(path, filters, { query: filter.queryWithout })}
                aria-label={`Search without ${filter.label}`}
                className={cn(buttonClasses({ variant: "outline", size: "sm" }), "h-7 gap-1 rounded-full px-3")}
              >
                {filter.label}
                <X aria-hidden="true" className="size-3" />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {didYouMean.length > 0 && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Did you mean{" "}
          {didYouMean.map((word, index) => (
            <span key={word}>
              {index > 0 && ", "}
              <Link to={hrefFor(path, filters, { query: word })} className={linkClass}>
                {word}
              </Link>
            </span>
          ))}
          ?
        </p>
      )}
      {(relatedTags.length > 0 || relatedCategories.length > 0) && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Browse{" "}
          {[
            ...relatedCategories.map((category) => ({
              key: `category-${category}`,
              to: `/category/${encodeURIComponent(category)}`,
              label: category,
            })),
            ...relatedTags.map((tag) => ({ key: `tag-${tag.slug}`, to: `/tag/${tag.slug}`, label: tag.name })),
          ].map((item, index) => (
            <span key={item.key}>
              {index > 0 && ", "}
              <Link to={item.to} className={linkClass}>
                {item.label}
              </Link>
            </span>
          ))}
        </p>
      )}
    </>
  );
}

/**
 * Everything above a tool list's grid that shapes it: the filter bar, the active filters and
 * what the search understood of its text. `offeredTags` are
 * the tags the bar offers; `knownTags` name the chips of any tag in the address.
 */
export function ToolListControls({
  path,
  filters,
  sort,
  offeredTags,
  knownTags = offeredTags,
  fixedTag,
  showClear,
  understanding,
  factCounts = null,
  className,
}: {
  path: string;
  filters: ToolFilters;
  sort: ToolSort | null;
  offeredTags: TagOption[];
  knownTags?: TagOption[];
  fixedTag?: string;
  showClear?: boolean;
  understanding?: SearchUnderstanding;
  /** The number beside each fact filter; null when not counted (a text with very many matches). */
  factCounts?: FactCounts | null;
  className?: string;
}) {
  const bar = (idPrefix: string) => (
    <ToolFilterBar
      path={path}
      filters={filters}
      sort={sort}
      tags={offeredTags}
      fixedTag={fixedTag}
      factCounts={factCounts}
      idPrefix={idPrefix}
    />
  );
  const active = activeFilterCount(filters);
  return (
    <div className={cn("space-y-3", className)}>
      {/*
        On a phone the choices wait behind one button, so the first tools show on the first screen
        (decision 168): a <details>, which opens and closes without JavaScript and from the keyboard.
        Wider screens show them as rows. The bar is in the page twice; the hidden copy is out of the
        accessibility tree and the tab order (display: none).
      */}
      <div className="flex flex-wrap items-start gap-2">
        <details className="open:w-full sm:hidden">
          <summary
            className={cn(
              buttonClasses({ variant: active > 0 ? "default" : "outline", size: "sm" }),
              "h-9 cursor-pointer list-none gap-2 rounded-full px-4 [&::-webkit-details-marker]:hidden",
            )}
          >
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters
            {active > 0 && (
              <span className="rounded-full bg-white/90 px-1.5 text-xs font-semibold text-indigo-800 tabular-nums">
                {active}
                <span className="sr-only"> active</span>
              </span>
            )}
          </summary>
          <div className="mt-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
            {bar("sheet-")}
          </div>
        </details>
        <div className="hidden sm:block sm:w-full">{bar("")}</div>
        {/* Beside the phone's button while the sheet is closed, so they cost no row of their own. */}
        <ActiveFilterChips
          path={path}
          filters={filters}
          tagNames={new Map(knownTags.map((tag) => [tag.slug, tag.name]))}
          showClear={showClear}
        />
      </div>
      {understanding && <SearchNotes path={path} filters={filters} understanding={understanding} />}
    </div>
  );
}

/** How many of the sheet's choices narrow the list: each pricing model, tag and fact, and the status. */
function activeFilterCount(filters: ToolFilters): number {
  return filters.pricing.length + filters.tags.length + activeFactFilterCount(filters) + (filters.discontinued ? 1 : 0);
}

/** "24 tools", "1,000+ tools". */
export function toolCountText(total: number, capped = false): string {
  return `${total.toLocaleString("en-US")}${capped ? "+" : ""} ${total === 1 && !capped ? "tool" : "tools"}`;
}
