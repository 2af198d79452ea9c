import { isRouteErrorResponse, useNavigation } from "react-router";
import type { Route } from "./+types/home";
import { ArticleGrid } from "~/components/article-card";
import { CategoryFilter } from "~/components/category-filter";
import { ComparisonSection } from "~/components/comparison-section";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { ToolGrid } from "~/components/tool-card";
import { LoadErrorState } from "~/components/page-states";
import { ButtonLink } from "~/components/ui/button";
import { ALL_CATEGORY, isToolCategory } from "~/lib/categories";
import { parsePage } from "~/lib/format";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { SITE_DESCRIPTION, SITE_NAME } from "~/lib/site";
import { websiteJsonLd } from "~/lib/structured-data";
import { searchTools } from "~/server/catalog/tools.server";
import { listLatestArticles } from "~/server/content/articles.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const requested = params.get("category") ?? ALL_CATEGORY;
  const category = isToolCategory(requested) ? requested : ALL_CATEGORY;
  const page = parsePage(params.get("page"));
  const [toolPage, latestArticles] = await Promise.all([
    searchTools({ db: context.db, query, category, page }),
    listLatestArticles({ db: context.db, limit: 4 }),
  ]);
  return { query, category, toolPage, latestArticles };
}

export function meta({ matches, location }: Route.MetaArgs) {
  // Filtered views are the same page for search engines: one canonical address.
  const filtered = location.search.length > 1;
  return seoMeta({
    title: SITE_NAME,
    description: SITE_DESCRIPTION,
    path: "/",
    siteUrl: siteUrlFromMatches(matches),
    jsonLd: [websiteJsonLd(siteUrlFromMatches(matches))],
    noindex: filtered,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { query, category, toolPage, latestArticles } = loaderData;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/";
  const filtered = query !== "" || category !== ALL_CATEGORY;

  return (
    <div className="mx-auto max-w-7xl space-y-16 px-4 py-10 sm:px-6">
      <section className="space-y-6 py-6 text-center" aria-labelledby="hero-heading">
        <h1 id="hero-heading" className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Discover the Best AI Tools
        </h1>
        <p className="mx-auto max-w-2xl text-lg text-slate-600 dark:text-slate-400">
          Browse, search and compare AI tools by category, with honest ratings from the community and new content every day.
        </p>
        <div className="mx-auto max-w-2xl">
          <SearchForm
            action="/"
            query={query}
            placeholder="Search AI tools..."
            label="Search AI tools"
            hidden={category === ALL_CATEGORY ? {} : { category }}
            size="lg"
          />
        </div>
        <CategoryFilter selected={category} query={query} />
      </section>

      <section aria-labelledby="tools-heading" aria-busy={updating} className={updating ? "opacity-60 transition-opacity" : undefined}>
        <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="tools-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            {category === ALL_CATEGORY ? "All AI Tools" : `${category} AI Tools`}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {toolPage.total.toLocaleString("en-US")} {toolPage.total === 1 ? "tool" : "tools"}
            {query ? ` matching “${query}”` : ""}
          </p>
        </div>
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
          <ToolGrid tools={toolPage.tools} />
        )}
        <Pagination page={toolPage.page} pageCount={toolPage.pageCount} label="Tool pages" />
      </section>

      <ComparisonSection />

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
  // Server errors reach the browser sanitized; a thrown response carries a message meant for people.
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "An error occurred while fetching data";
  return <LoadErrorState message={message} goBack={false} />;
}
