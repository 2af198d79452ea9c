import type { Route } from "./+types/blog";
import { ArticleGrid } from "~/components/article-card";
import { Pagination } from "~/components/pagination";
import { parsePage } from "~/lib/format";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { listPublishedArticles } from "~/server/content/articles.server";
import { ARTICLE_LIST_TAG, tagPage } from "~/server/cache/page-tags.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  tagPage(context, ARTICLE_LIST_TAG);
  return listPublishedArticles({ db: context.db, page });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  const siteUrl = siteUrlFromMatches(matches);
  const page = loaderData?.page ?? 1;
  return seoMeta({
    siteName,
    title: page > 1 ? `Blog - page ${page} | ${siteName}` : `Blog | ${siteName}`,
    description: "Guides, comparisons and explainers to help you choose and use AI tools.",
    path: page > 1 ? `/blog?page=${page}` : "/blog",
    siteUrl,
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
      ]),
    ],
  });
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { articles, page, pageCount, total } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Blog</h1>
        <p className="text-slate-600 dark:text-slate-400">
          Guides, comparisons and explainers to help you choose and use AI tools.{" "}
          {total > 0 && `${total} ${total === 1 ? "article" : "articles"}.`}
        </p>
      </header>
      {articles.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">No articles available.</p>
      ) : (
        <ArticleGrid articles={articles} columns={3} />
      )}
      <Pagination page={page} pageCount={pageCount} label="Blog pages" />
    </div>
  );
}
