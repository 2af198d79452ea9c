import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { ArticleGrid } from "~/components/article-card";
import { CategoryFilter } from "~/components/category-filter";
import { COMPARISON_SECTION_SLUGS, ComparisonSection } from "~/components/comparison-section";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { ToolGrid } from "~/components/tool-card";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { toolCountText, ToolListControls } from "~/components/tool-filters";
import { AppError } from "~/lib/app-error";
import { ALL_CATEGORY } from "~/lib/categories";
import {
  describeToolList,
  effectiveSort,
  hiddenFilterFields,
  isFiltered,
  isIndexedView,
  parseToolFilters,
  toolFiltersSearch,
} from "~/lib/tool-filters";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { brandingFromMatches } from "~/lib/site";
import { organizationJsonLd, websiteJsonLd } from "~/lib/structured-data";
import { comparePath } from "~/lib/compare";
import { countFactFilters } from "~/server/catalog/fact-counts.server";
import { noteSearch } from "~/server/search/search-log.server";
import { listTrendingTools } from "~/server/traffic/trending.server";
import { listTools, searchPlanFor } from "~/server/catalog/tools.server";
import { savedIdsForViewer } from "~/server/community/saved-tools.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { cachedExistingToolSlugs, cachedLatestArticles, cachedTagsInUse } from "~/server/cache/shared-answers.server";
import { ARTICLE_LIST_TAG, tagPage, TOOL_LIST_TAG, toolTag } from "~/server/cache/page-tags.server";

/** Tags offered as filters on home: the most used ones (any tag has its own page). */
const FILTER_TAG_COUNT = 12;

export async function loader({ request, context }: Route.LoaderArgs) {
  const filters = parseToolFilters(new URL(request.url).searchParams);
  const sort = effectiveSort(filters, "newest");
  // "Trending this week" (decision 179) on home itself, not on a filtered or later page of it.
  const plainHome = !isFiltered(filters) && filters.page === 1 && filters.sort === null;
  const plan = searchPlanFor(context.db, filters.query);
  const [toolPage, trending, factCounts, latestArticles, tagsInUse, comparedSlugs] = await Promise.all([
    listTools({ db: context.db, filters, order: sort, plan }),
    plainHome ? listTrendingTools({ db: context.db }) : [],
    countFactFilters({ db: context.db, filters, plan }),
    cachedLatestArticles(context, 4),
    cachedTagsInUse(context),
    cachedExistingToolSlugs(context, COMPARISON_SECTION_SLUGS),
  ]);
  if (filters.page > toolPage.pageCount) throw toErrorResponse(new AppError("not-found", "There is no such page"));
  noteSearch(context, request, { query: filters.query, page: filters.page, total: toolPage.total });
  const toolIds = [...new Set([...toolPage.tools, ...trending].map((tool) => tool.id))];
  tagPage(context, TOOL_LIST_TAG, ARTICLE_LIST_TAG, ...toolIds.map(toolTag));
  const savedIds = await savedIdsForViewer({ db: context.db, viewer: context.viewer, toolIds });
  // The static section links its full comparison only when every tool of it is in the catalogue.
  const comparisonHref =
    comparedSlugs.length === COMPARISON_SECTION_SLUGS.length ? comparePath(COMPARISON_SECTION_SLUGS) : null;
  return { filters, sort, toolPage, trending, factCounts, latestArticles, tagsInUse, comparisonHref, savedIds };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = brandingFromMatches(matches);
  const siteUrl = siteUrlFromMatches(matches);
  // The catalogue's pages are indexed, each its own canonical; a search, filter or chosen order
  // names itself as canonical and asks not to be indexed, while its links are still followed.
  // Anything else in the query string (?utm_source=) is not part of the page (decision 101).
  const narrowed = loaderData ? !isIndexedView(loaderData.filters) : false;
  // A text search is not a page of its own: its canonical is the view without the text.
  const canonical = loaderData ? toolFiltersSearch({ ...loaderData.filters, query: "" }) : "";
  return seoMeta({
    siteName: site.name,
    // The spec's home title is the product's name alone; the description and JSON-LD say what it is.
    title: site.name,
    description: site.description,
    path: canonical ? `/?${canonical}` : "/",
    siteUrl,
    jsonLd: [websiteJsonLd(siteUrl, site), organizationJsonLd(siteUrl, site)],
    noindex: narrowed ? "follow" : false,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { filters, sort, toolPage, trending, factCounts, latestArticles, tagsInUse, comparisonHref, savedIds } =
    loaderData;
  const { query } = filters;
  const category = filters.category ?? ALL_CATEGORY;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/";
  const filtered = isFiltered(filters);
  const tagNames = new Map(tagsInUse.map((tag) => [tag.slug, tag.name]));
  const filterTags = tagsInUse
    .toSorted((a, b) => b.toolCount - a.toolCount || a.name.localeCompare(b.name))
    .filter((tag, index) => index < FILTER_TAG_COUNT || filters.tags.includes(tag.slug));

  return (
    // A compact hero: on a 1366x768 laptop and a 390x844 phone the first tool cards show without scrolling.
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-5 sm:space-y-10 sm:px-6 sm:py-8">
      <section className="space-y-3 text-center sm:space-y-4" aria-labelledby="hero-heading">
        <h1
          id="hero-heading"
          className="text-[1.75rem] leading-tight font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
        >
          Discover the Best AI Tools
        </h1>
        <p className="mx-auto max-w-2xl text-sm text-slate-600 sm:text-lg dark:text-slate-400">
          Browse, search and compare AI tools by category, with honest ratings from the community and new content every
          day.
        </p>
        <div className="mx-auto max-w-2xl">
          <SearchForm
            action="/"
            query={query}
            placeholder="Search AI tools..."
            label="Search AI tools"
            hidden={hiddenFilterFields(filters)}
            size="lg"
            suggest
          />
        </div>
        <CategoryFilter selected={category} filters={filters} />
      </section>

      <section
        aria-labelledby="tools-heading"
        aria-busy={updating}
        className={updating ? "opacity-60 transition-opacity" : undefined}
      >
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-2 gap-y-1 sm:mb-4">
          <h2 id="tools-heading" className="text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
            {describeToolList({
              filters,
              category: filters.category,
              tagNames: filters.tags.map((slug) => tagNames.get(slug) ?? slug),
            })}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {toolCountText(toolPage.total, toolPage.totalCapped)}
            {query ? ` matching “${query}”` : ""}
          </p>
        </div>
        <ToolListControls
          path="/"
          filters={filters}
          sort={sort}
          offeredTags={filterTags}
          knownTags={tagsInUse}
          showClear={toolPage.tools.length > 0}
          understanding={toolPage.understanding}
          factCounts={factCounts}
          className="mb-4 sm:mb-6"
        />
        {toolPage.tools.length === 0 ? (
          <div className="space-y-4 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <p className="text-slate-700 dark:text-slate-300">No tools found matching your criteria.</p>
            {filtered && (
              <ButtonLink to="/" variant="outline">
                Clear filters
              </ButtonLink>
            )}
          </div>
        ) : (
          <ToolGrid tools={toolPage.tools} savedIds={savedIds} />
        )}
        <Pagination page={toolPage.page} pageCount={toolPage.pageCount} label="Tool pages" />
      </section>

      {trending.length > 0 && (
        <section aria-labelledby="trending-heading" className="space-y-4">
          <div className="flex items-baseline justify-between">
            <h2 id="trending-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
              Trending this week
            </h2>
            <ButtonLink to="/?sort=trending" variant="ghost" size="sm">
              All trending tools
            </ButtonLink>
          </div>
          <ToolGrid tools={trending} savedIds={savedIds} />
        </section>
      )}

      {tagsInUse.length > 0 && (
        <section aria-labelledby="tags-heading" className="space-y-4">
          <h2 id="tags-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            Browse by tag
          </h2>
          <ul className="flex flex-wrap gap-2">
            {tagsInUse.map((tag) => (
              <li key={tag.slug}>
                <Link
                  to={`/tag/${tag.slug}`}
                  className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-800 hover:border-indigo-400 hover:text-indigo-800 dark:border-slate-700 dark:text-slate-200 dark:hover:border-indigo-500 dark:hover:text-indigo-200"
                >
                  {tag.name}
                  <span className="text-xs text-slate-600 dark:text-slate-400">{tag.toolCount}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      <ComparisonSection compareHref={comparisonHref} />

      <section aria-labelledby="articles-heading" className="space-y-6">
        <div className="flex items-baseline justify-between">
          <h2 id="articles-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            Latest Articles
          </h2>
          <ButtonLink to="/blog" variant="ghost" size="sm">
            All articles
          </ButtonLink>
        </div>
        {latestArticles.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No articles available.</p>
        ) : (
          <ArticleGrid articles={latestArticles} />
        )}
      </section>
    </div>
  );
}

/** A failure of either list replaces the whole page with an error alert (spec section 4). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // An AppError's message is meant for people; anything else is the spec's fallback.
  return (
    <RouteErrorBoundary
      error={error}
      texts={{ server: { message: "An error occurred while fetching data" } }}
      goBack={false}
    />
  );
}
