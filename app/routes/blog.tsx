import type { Route } from "./+types/blog";
import { ArticleGrid } from "~/components/article-card";
import { Pagination } from "~/components/pagination";
import { AppError } from "~/lib/app-error";
import { parsePage } from "~/lib/format";
import { seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { brandingFromMatches } from "~/lib/site";
import { blogJsonLd, breadcrumbJsonLd } from "~/lib/structured-data";
import { listPublishedArticles } from "~/server/content/articles.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { ARTICLE_LIST_TAG, tagPage } from "~/server/cache/page-tags.server";

const BLOG_DESCRIPTION = "Guides, comparisons and explainers to help you choose and use AI tools.";

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const list = await listPublishedArticles({ db: context.db, page });
  // Page 1 of an empty blog is a page; any page past the last one is not.
  if (page > list.pageCount) throw toErrorResponse(new AppError("not-found", "There is no such page"));
  tagPage(context, ARTICLE_LIST_TAG);
  return list;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = brandingFromMatches(matches);
  const siteName = site.name;
  const siteUrl = siteUrlFromMatches(matches);
  const page = loaderData?.page ?? 1;
  const path = page > 1 ? `/blog?page=${page}` : "/blog";
  return seoMeta({
    siteName,
    title: page > 1 ? `Blog - page ${page} | ${siteName}` : `Blog | ${siteName}`,
    description: BLOG_DESCRIPTION,
    path,
    siteUrl,
    jsonLd: [
      blogJsonLd(siteUrl, {
        name: `${siteName} Blog`,
        description: BLOG_DESCRIPTION,
        path,
        site,
        posts: loaderData?.articles ?? [],
      }),
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
          {BLOG_DESCRIPTION} {total > 0 && `${total} ${total === 1 ? "article" : "articles"}.`}
        </p>
      </header>
      <section aria-labelledby="blog-articles-heading" className="space-y-8">
        {/* The cards are h3s: this keeps the outline h1, h2, h3. */}
        <h2 id="blog-articles-heading" className="sr-only">
          All articles, newest first
        </h2>
        {articles.length === 0 ? (
          <p className="text-slate-700 dark:text-slate-300">No articles available.</p>
        ) : (
          <ArticleGrid articles={articles} columns={3} />
        )}
        <Pagination page={page} pageCount={pageCount} label="Blog pages" />
      </section>
    </div>
  );
}
