import { ExternalLink, Pencil } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/articles";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { formatCount, formatDate, parsePage } from "~/lib/format";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { requireAdmin } from "~/server/auth/guards.server";
import { listArticlesForAdmin } from "~/server/content/article-admin.server";
import { AdminListEmpty, AdminListHeader, AdminListViews } from "~/components/admin/admin-list";
import { adminPageMeta } from "~/lib/seo";
import {
  StackedBody,
  StackedCell,
  StackedHead,
  StackedHeader,
  StackedRow,
  StackedTable,
} from "~/components/admin/stacked-table";

/** ?status=draft: the drafts only, where the dashboard's draft count links. */
const draftsOnly = (params: URLSearchParams) => params.get("status") === "draft";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = parsePage(params.get("page"));
  const status = draftsOnly(params) ? "draft" : undefined;
  return { query, ...(await listArticlesForAdmin({ db: context.db, query, status, page })) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return adminPageMeta(matches, location, "Articles");
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { query, articles, total, page, pageCount } = loaderData;
  const [searchParams] = useSearchParams();
  const drafts = draftsOnly(searchParams);
  const noun = drafts ? (total === 1 ? "draft" : "drafts") : total === 1 ? "article" : "articles";
  const count = `${formatCount(total)} ${noun}`;
  return (
    <div className="space-y-6">
      <AdminListHeader title="Articles" addTo="/admin/articles/new" addLabel="Add New Article" />

      <AdminListViews
        label="Filter articles"
        views={[
          {
            label: "All articles",
            active: !drafts,
            to: query ? `/admin/articles?q=${encodeURIComponent(query)}` : "/admin/articles",
          },
          {
            label: "Drafts",
            active: drafts,
            to: `/admin/articles?${new URLSearchParams({ ...(query ? { q: query } : {}), status: "draft" })}`,
          },
        ]}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="w-full max-w-md">
          <SearchForm
            action="/admin/articles"
            query={query}
            placeholder="Search articles..."
            label="Search articles"
            hidden={drafts ? { status: "draft" } : {}}
          />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {query ? `${count} matching “${query}”` : count}
        </p>
      </div>

      {articles.length === 0 ? (
        <AdminListEmpty>No articles found</AdminListEmpty>
      ) : (
        <StackedTable>
          <caption className="sr-only">Articles, newest first</caption>
          <StackedHeader>
            <StackedRow>
              <StackedHead>Title</StackedHead>
              <StackedHead>Category</StackedHead>
              <StackedHead>Author</StackedHead>
              <StackedHead>Date</StackedHead>
              <StackedHead className="text-right">Actions</StackedHead>
            </StackedRow>
          </StackedHeader>
          <StackedBody>
            {articles.map((article) => (
              <StackedRow key={article.id}>
                <StackedCell className="font-medium text-slate-900 max-sm:text-base dark:text-white">
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {article.title}
                    {article.status === "draft" && <Badge variant="secondary">Draft</Badge>}
                  </span>
                </StackedCell>
                <StackedCell label="Category">{article.category}</StackedCell>
                <StackedCell label="Author">{article.author}</StackedCell>
                <StackedCell label="Date" className="whitespace-nowrap">
                  <time dateTime={article.date}>{formatDate(article.date)}</time>
                </StackedCell>
                <StackedCell label="Actions" className="sm:text-right">
                  <div className="flex flex-wrap items-center gap-1 sm:justify-end">
                    <Link
                      to={`/admin/articles/${article.id}`}
                      className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-indigo-700 hover:bg-indigo-50 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-indigo-300 dark:hover:bg-indigo-950"
                    >
                      <Pencil aria-hidden="true" className="h-4 w-4" />
                      Edit
                      <span className="sr-only">{` ${article.title}`}</span>
                    </Link>
                    {/* A draft opens as a preview only administrators can see. */}
                    <a
                      href={`/article/${encodeURIComponent(article.slug)}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className={buttonClasses({ variant: "ghost", size: "sm" })}
                    >
                      <ExternalLink aria-hidden="true" className="h-4 w-4" />
                      {article.status === "draft" ? "Preview" : "View"}
                      <span className="sr-only">{` ${article.title} (opens in a new tab)`}</span>
                    </a>
                  </div>
                </StackedCell>
              </StackedRow>
            ))}
          </StackedBody>
        </StackedTable>
      )}
      <Pagination page={page} pageCount={pageCount} label="Article pages" />
    </div>
  );
}
