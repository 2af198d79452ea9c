import type { ReactNode } from "react";
import { isRouteErrorResponse, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import { FollowButton } from "~/components/follow-button";
import { BackToHomepage } from "~/components/back-to-homepage";
import { Pagination } from "~/components/pagination";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { SearchForm } from "~/components/search-form";
import { ToolGrid } from "~/components/tool-card";
import { AppError } from "~/lib/app-error";
import { categoryFromAddress } from "~/lib/categories";
import { toolCountText, ToolListControls } from "~/components/tool-filters";
import { TOOLS_PAGE_SIZE } from "~/lib/limits";
import { hiddenFilterFields, isIndexedView, parseToolFilters, toolFiltersSearch } from "~/lib/tool-filters";
import { ogImage } from "~/lib/og-image";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { breadcrumbJsonLd, collectionPageJsonLd } from "~/lib/structured-data";
import { cachedTagsInUse } from "~/server/cache/shared-answers.server";
import { countFactFilters } from "~/server/catalog/fact-counts.server";
import { noteSearch } from "~/server/search/search-log.server";
import { listTools, searchPlanFor, type ToolOrder } from "~/server/catalog/tools.server";
import { savedIdsForViewer } from "~/server/community/saved-tools.server";
import { followingForViewer } from "~/server/follows/follows.server";
import { logPageReadFailure, toErrorResponse } from "~/server/http/error-response.server";
import { categoryTag, tagPage, TOOL_LIST_TAG, toolTag } from "~/server/cache/page-tags.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // React Router hands the parameter over already decoded ("Social%20Media" -> "Social Media").
  const category = categoryFromAddress(params.category);
  if (!category) throw toErrorResponse(new AppError("not-found", "Category not found"));
  const url = new URL(request.url);
  // One address per category: any other spelling moves permanently to the canonical one.
  if (params.category !== category) throw redirect(`${categoryPath(category)}${url.search}`, 301);
  // The page is the category: a category in the query string means nothing here.
  const filters = { ...parseToolFilters(url.searchParams), category };
  // The spec orders a category by rating, with a search too; the visitor may choose another order.
  const sort: ToolOrder = filters.sort ?? "rating";
  const plan = searchPlanFor(context.db, filters.query);
  const [toolPage, factCounts, tagsInUse] = await Promise.all([
    listTools({ db: context.db, filters, order: sort, plan }),
    countFactFilters({ db: context.db, filters, plan }),
    cachedTagsInUse(context),
  ]).catch((error: unknown) => {
    // Spec section 8: "Category and footer fetch errors are logged and rethrown; no message is shown
    // for them." The error boundary below keeps the category's shell, with no list and no message.
    logPageReadFailure(error, { route: "category", category });
    throw toErrorResponse(new AppError("unavailable", "Failed to load tools"));
  });
  if (filters.page > toolPage.pageCount) throw toErrorResponse(new AppError("not-found", "There is no such page"));
  noteSearch(context, request, { query: filters.query, page: filters.page, total: toolPage.total });
  const toolIds = toolPage.tools.map((tool) => tool.id);
  // The tags in use (the filters) follow the whole catalogue.
  tagPage(context, categoryTag(category), TOOL_LIST_TAG, ...toolIds.map(toolTag));
  // Read only for a member: a visitor's page stays everyone's (decisions 062 and 180).
  const [savedIds, following] = await Promise.all([
    savedIdsForViewer({ db: context.db, viewer: context.viewer, toolIds }),
    followingForViewer({ db: context.db, viewer: context.viewer, kind: "category", target: category }),
  ]);
  return { category, filters, sort, toolPage, factCounts, tagsInUse, savedIds, following };
}

const categoryPath = (category: string) => `/category/${encodeURIComponent(category)}`;
const categoryTitle = (category: string) => `${category} AI Tools - Directory`;
/** The list could not be read (the loader's 503), as opposed to a category that is not there. */
const listFailed = (error: unknown) => isRouteErrorResponse(error) && error.status === 503;

export function meta({ loaderData, matches, params, error }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  if (!loaderData) {
    const failed = listFailed(error) ? categoryFromAddress(params.category) : null;
    const title = failed ? categoryTitle(failed) : "Category not found";
    return [{ title: `${title} | ${siteName}` }, { name: "robots", content: "noindex" }];
  }
  const siteUrl = siteUrlFromMatches(matches);
  const { category, toolPage, filters } = loaderData;
  // A category's pages are indexed, each its own canonical; filtered or reordered views name
  // themselves and are not (decision 101).
  const narrowed = !isIndexedView(filters, { ignoreCategory: true });
  // A text search is not a page of its own: its canonical is the view without the text.
  const canonical = toolFiltersSearch({ ...filters, query: "" }, { keepCategory: false });
  const path = `${categoryPath(category)}${canonical ? `?${canonical}` : ""}`;
  const description = `Compare ${toolPage.total} ${category} AI tools, ranked by community rating, with features, pricing, pros and cons.`;
  return seoMeta({
    siteName,
    title: categoryTitle(category),
    description,
    path,
    siteUrl,
    image: ogImage({ kind: "category", siteName, category }),
    noindex: narrowed ? "follow" : false,
    jsonLd: [
      collectionPageJsonLd(siteUrl, {
        name: `${category} AI Tools`,
        description,
        path,
        items: toolPage.tools,
        offset: (toolPage.page - 1) * TOOLS_PAGE_SIZE,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: category, path },
      ]),
    ],
  });
}

export default function Category({ loaderData }: Route.ComponentProps) {
  const { category, filters, sort, toolPage, factCounts, tagsInUse, savedIds, following } = loaderData;
  const { query } = filters;
  const navigation = useNavigation();
  const updating =
    navigation.state === "loading" && navigation.location.pathname === `/category/${encodeURIComponent(category)}`;
  const action = categoryPath(category);
  return (
    <CategoryShell
      category={category}
      query={query}
      countText={toolCountText(toolPage.total, toolPage.totalCapped)}
      hidden={hiddenFilterFields(filters, { keepCategory: false })}
      follow={<FollowButton target={{ kind: "category", id: category, name: category }} following={following} />}
    >
      <ToolListControls
        path={action}
        filters={{ ...filters, category: null }}
        sort={sort === "rating" ? null : sort}
        offeredTags={tagsInUse}
        understanding={toolPage.understanding}
        factCounts={factCounts}
      />
      <section
        aria-labelledby="category-tools-heading"
        aria-busy={updating}
        className={updating ? "opacity-60 transition-opacity" : undefined}
      >
        {/* The cards are h3s: this keeps the outline h1, h2, h3 without showing the h1's words twice. */}
        <h2 id="category-tools-heading" className="sr-only">
          {category} tools
        </h2>
        {toolPage.tools.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            No tools found in this category.
          </p>
        ) : (
          <ToolGrid tools={toolPage.tools} savedIds={savedIds} />
        )}
        <Pagination page={toolPage.page} pageCount={toolPage.pageCount} label={`${category} tool pages`} />
      </section>
    </CategoryShell>
  );
}

/** The category page around its list: the way back, the heading and the search. */
function CategoryShell({
  category,
  query,
  countText,
  hidden,
  follow,
  children,
}: {
  category: string;
  /** The Follow button (none in the error view). */
  follow?: ReactNode;
  query: string;
  countText?: string;
  hidden?: Parameters<typeof SearchForm>[0]["hidden"];
  children?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <BackToHomepage />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{category} Tools</h1>
          {follow}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {countText}
        </p>
      </div>
      <div className="max-w-md">
        <SearchForm
          action={categoryPath(category)}
          query={query}
          placeholder="Search tools..."
          label={`Search ${category} tools`}
          hidden={hidden}
        />
      </div>
      {children}
    </div>
  );
}

/**
 * A list that could not be read keeps the category's shell and shows no message (spec section 8);
 * a category that is not there is the site's not-found page.
 */
export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  const category = listFailed(error) ? categoryFromAddress(params.category) : null;
  if (!category) return <RouteErrorBoundary error={error} />;
  return <CategoryShell category={category} query="" />;
}
