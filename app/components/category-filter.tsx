import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { ALL_CATEGORY, FILTER_CATEGORIES, type ToolCategory } from "~/lib/categories";
import { toolFiltersSearch, type ToolFilters } from "~/lib/tool-filters";

/**
 * Category buttons on home: links, so each filter is an address that can be shared or bookmarked.
 * Choosing one keeps the other filters and starts again at page 1.
 */
export function CategoryFilter({ selected, filters }: { selected: string; filters: ToolFilters }) {
  const hrefFor = (category: string) => {
    const search = toolFiltersSearch({
      ...filters,
      category: category === ALL_CATEGORY ? null : (category as ToolCategory),
      page: 1,
    });
    return search ? `/?${search}` : "/";
  };
  return (
    // One row: centred when it fits, scrolled sideways when it does not (a phone), never a second row.
    <nav
      aria-label="Filter by category"
      className="mx-auto flex w-fit max-w-full gap-2 overflow-x-auto px-1 py-1 whitespace-nowrap [scrollbar-width:thin]"
    >
      {FILTER_CATEGORIES.map((category) => {
        const active = category === selected;
        return (
          <Link
            key={category}
            to={hrefFor(category)}
            preventScrollReset
            aria-current={active ? "page" : undefined}
            className={buttonClasses(
              { variant: active ? "default" : "outline", size: "sm" },
              "h-8 shrink-0 rounded-full px-3",
            )}
          >
            {category}
          </Link>
        );
      })}
    </nav>
  );
}
