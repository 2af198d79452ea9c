import { Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/** Previous/next links that keep the other query parameters (q, category). */
export function Pagination({ page, pageCount, label }: { page: number; pageCount: number; label: string }) {
  const location = useLocation();
  if (pageCount <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(location.search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}`;
  };
  return (
    <nav aria-label={label} className="mt-8 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={buttonClasses({ variant: "outline" })} rel="prev">
          Previous
        </Link>
      ) : (
        <span className={buttonClasses({ variant: "outline" }, "opacity-50")} aria-disabled="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-700 dark:text-slate-300">
        Page {page} of {pageCount}
      </span>
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={buttonClasses({ variant: "outline" })} rel="next">
          Next
        </Link>
      ) : (
        <span className={buttonClasses({ variant: "outline" }, "opacity-50")} aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
