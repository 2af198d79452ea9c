import { Link } from "react-router";
import type { Route } from "./+types/changes";
import { ChangeList } from "~/components/change-list";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { buttonClasses } from "~/components/ui/button";
import { AppError } from "~/lib/app-error";
import { parsePage } from "~/lib/format";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { listRecentChanges } from "~/server/freshness/change-log.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { tagPage, TOOL_LIST_TAG } from "~/server/cache/page-tags.server";

const CHANGES_FEED_PATH = "/changes/rss.xml";

/** The public change log across the catalogue, newest first, a page at a time. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  // Every tool write that logs a change purges the catalogue's lists.
  tagPage(context, TOOL_LIST_TAG);
  const result = await listRecentChanges({ db: context.db, page });
  // A page past the end is no page (like the tool lists); page 1 of an empty log is the empty state.
  if (page > 1 && result.changes.length === 0) throw toErrorResponse(new AppError("not-found", "Page not found"));
  return result;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  const siteUrl = siteUrlFromMatches(matches);
  const page = loaderData?.page ?? 1;
  const tags = seoMeta({
    siteName,
    title: page > 1 ? `Recent changes - page ${page} | ${siteName}` : `Recent changes | ${siteName}`,
    description: `Every change to the ${siteName} catalogue: tools added, discontinued or listed again, and each field, before and after, who and when.`,
    path: page > 1 ? `/changes?page=${page}` : "/changes",
    siteUrl,
    // Later pages are an archive: followed, not indexed.
    noindex: page > 1 ? "follow" : undefined,
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Recent changes", path: "/changes" },
      ]),
    ],
  });
  tags.push({
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: `Changes to the ${siteName} catalogue`,
    href: CHANGES_FEED_PATH,
  });
  return tags;
}

export default function Changes({ loaderData }: Route.ComponentProps) {
  const { changes, page, hasNext } = loaderData;
  const pageHref = (target: number) => (target <= 1 ? "/changes" : `/changes?page=${target}`);
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Recent changes</h1>
        <p className="text-slate-600 dark:text-slate-400">
          What changed in the directory, newest first: tools added, discontinued or listed again, and each field of a
          tool, before and after, who made the change and, for AI proposals, the pages it came from.{" "}
          <a href={CHANGES_FEED_PATH} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            Follow by RSS
          </a>
        </p>
      </header>
      {changes.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">No changes recorded yet.</p>
      ) : (
        <ChangeList entries={changes} showTool />
      )}
      {(page > 1 || hasNext) && (
        <nav aria-label="Change log pages" className="flex items-center justify-center gap-4">
          {page > 1 && (
            <Link to={pageHref(page - 1)} rel="prev" className={buttonClasses({ variant: "outline" })}>
              Newer changes
            </Link>
          )}
          <span className="text-sm text-slate-700 dark:text-slate-300">Page {page}</span>
          {hasNext && (
            <Link to={pageHref(page + 1)} rel="next" className={buttonClasses({ variant: "outline" })}>
              Older changes
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteErrorBoundary
      error={error}
      texts={{
        404: { title: "Page not found", message: "There are no changes on this page." },
        server: { message: "Failed to load the recent changes" },
      }}
    />
  );
}
