import { Search } from "lucide-react";
import { useId } from "react";
import { Form, Link, useRouteLoaderData } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

/**
 * What a not-found or error page offers besides Go Back: a search of the directory and the main
 * sections. The search is a plain GET form to the home page, so it works without JavaScript; it is
 * sent on Enter or with its button, not while typing, since sending it leaves this page.
 */
export function WaysOnward() {
  const searchId = useId();
  // The categories in use, from the root loader; none when the root itself failed.
  const categories = (useRouteLoaderData("root") as { categories?: string[] } | undefined)?.categories ?? [];
  return (
    <div className="space-y-6 text-left">
      <Form method="get" action="/" role="search" className="flex gap-2">
        <label htmlFor={searchId} className="sr-only">
          Search AI tools
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
          />
          <Input
            id={searchId}
            type="search"
            name="q"
            placeholder="Search AI tools..."
            autoComplete="off"
            maxLength={200}
            className="pl-10"
          />
        </div>
        <Button type="submit">Search</Button>
      </Form>
      <nav aria-label="Explore the site" className="space-y-3">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm font-medium">
          <li>
            <Link to="/" className={sectionLinkClass}>
              Home
            </Link>
          </li>
          <li>
            <Link to="/blog" className={sectionLinkClass}>
              Blog
            </Link>
          </li>
          <li>
            <Link to="/changes" className={sectionLinkClass}>
              Recent changes
            </Link>
          </li>
        </ul>
        {categories.length > 0 && (
          <div className="space-y-2 text-center">
            <h2 className="text-sm font-semibold text-slate-700 dark:text-slate-300">Browse by category</h2>
            <ul className="flex flex-wrap justify-center gap-2">
              {categories.map((category) => (
                <li key={category}>
                  <Link
                    to={`/category/${encodeURIComponent(category)}`}
                    className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        )}
      </nav>
    </div>
  );
}

const sectionLinkClass =
  "rounded text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300";
