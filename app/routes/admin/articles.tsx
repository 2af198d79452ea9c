import { ExternalLink, Pencil } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/articles";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { formatCount, formatDate, parsePage } from "~/lib/format";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { siteNameFromMatches } from "~/lib/site";
import { requireAdmin } from "~/server/auth/guards.server";
import { listArticlesForAdmin } from "~/server/content/article-admin.server";
import { AdminListEmpty, AdminListHeader } from "~/components/admin/admin-list";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = parsePage(params.get("page"));
  return { query, ...(await listArticlesForAdmin({ db: context.db, query, page })) };
}

export function meta({ matches }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  return [{ title: `Articles - Admin | ${siteName}` }, { name: "robots", content: "noindex" }];
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { query, articles, total, page, pageCount } = loaderData;
  const count = `${formatCount(total)} ${total === 1 ? "article" : "articles"}`;
  return (
    <div className="space-y-6">
      <AdminListHeader title="Articles" addTo="/admin/articles/new" addLabel="Add New Article" />

      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="w-full max-w-md">
          <SearchForm action="/admin/articles" query={query} placeholder="Search articles..." label="Search articles" />
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {query ? `${count} matching “${query}”` : count}
        </p>
      </div>

      {articles.length === 0 ? (
        <AdminListEmpty>No articles found</AdminListEmpty>
      ) : (
        <Table>
          <caption className="sr-only">Articles, newest first</caption>
          <TableHeader>
            <tr>
              <TableHead>Title</TableHead>
              <TableHead>Category</TableHead>
              <TableHead>Author</TableHead>
              <TableHead>Date</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {articles.map((article) => (
              <TableRow key={article.id}>
                <TableCell className="font-medium text-slate-900 dark:text-white">
                  <span className="inline-flex flex-wrap items-center gap-2">
                    {article.title}
                    {article.status === "draft" && <Badge variant="secondary">Draft</Badge>}
                  </span>
                </TableCell>
                <TableCell>{article.category}</TableCell>
                <TableCell>{article.author}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={article.date}>{formatDate(article.date)}</time>
                </TableCell>
                <TableCell className="text-right">
                  <div className="flex items-center justify-end gap-1">
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
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Pagination page={page} pageCount={pageCount} label="Article pages" />
    </div>
  );
}
