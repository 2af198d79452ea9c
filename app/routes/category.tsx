import { ArrowLeft } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { ToolGrid } from "~/components/tool-card";
import { isToolCategory } from "~/lib/categories";
import { parsePage } from "~/lib/format";
import { MAX_QUERY_LENGTH, TOOLS_PAGE_SIZE } from "~/lib/limits";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { breadcrumbJsonLd, collectionPageJsonLd } from "~/lib/structured-data";
import { listToolsInCategory } from "~/server/catalog/tools.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  // React Router hands the parameter over already decoded ("Social%20Media" -> "Social Media").
  const category = params.category;
  const searchParams = new URL(request.url).searchParams;
  const query = (searchParams.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = parsePage(searchParams.get("page"));
  const toolPage = await listToolsInCategory({ db: context.db, category, query, page });
  // An unknown category with no tools is a missing page, not an empty one.
  if (!isToolCategory(category) && toolPage.total === 0 && !query) throw data("Category not found", { status: 404 });
  return { category, query, toolPage };
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  if (!loaderData) return [{ title: `Category not found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const siteUrl = siteUrlFromMatches(matches);
  const { category, toolPage } = loaderData;
  const path = `/category/${encodeURIComponent(category)}`;
  const description = `Compare ${toolPage.total} ${category} AI tools, ranked by community rating, with features, pricing, pros and cons.`;
  return seoMeta({
    title: `${category} AI Tools - Directory`,
    description,
    path,
    siteUrl,
    noindex: location.search.includes("q="),
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
  const { category, query, toolPage } = loaderData;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === `/category/${encodeURIComponent(category)}`;
  const action = `/category/${encodeURIComponent(category)}`;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <Link to="/" className="inline-flex items-center gap-2 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Homepage
      </Link>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{category} Tools</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {toolPage.total.toLocaleString("en-US")} {toolPage.total === 1 ? "tool" : "tools"}
        </p>
      </div>
      <div className="max-w-md">
        <SearchForm action={action} query={query} placeholder="Search tools..." label={`Search ${category} tools`} />
      </div>
      <section aria-label={`${category} tools`} aria-busy={updating} className={updating ? "opacity-60 transition-opacity" : undefined}>
        {toolPage.tools.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
            No tools found in this category.
          </p>
        ) : (
          <ToolGrid tools={toolPage.tools} />
        )}
        <Pagination page={toolPage.page} pageCount={toolPage.pageCount} label={`${category} tool pages`} />
      </section>
    </div>
  );
}
