import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { ALL_CATEGORY, FILTER_CATEGORIES } from "~/lib/categories";

/** Category buttons on home: links, so each filter is an address that can be shared or bookmarked. */
export function CategoryFilter({ selected, query }: { selected: string; query: string }) {
  const hrefFor = (category: string) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (category !== ALL_CATEGORY) params.set("category", category);
    const search = params.toString();
    return search ? `/?${search}` : "/";
  };
  return (
    <nav aria-label="Filter by category" className="flex flex-wrap justify-center gap-2">
      {FILTER_CATEGORIES.map((category) => {
        const active = category === selected;
        return (
          <Link
            key={category}
            to={hrefFor(category)}
            preventScrollReset
            aria-current={active ? "page" : undefined}
            className={buttonClasses({ variant: active ? "default" : "outline", size: "sm" }, "rounded-full")}
          >
            {category}
          </Link>
        );
      })}
    </nav>
  );
}
