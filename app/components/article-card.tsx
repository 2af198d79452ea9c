import { Link } from "react-router";
import { ArticleImage } from "~/components/article-image";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/format";
import { slugify } from "~/lib/slugify";
import type { ArticleCard as ArticleCardData } from "~/server/content/articles.server";

export function ArticleCard({ article }: { article: ArticleCardData }) {
  return (
    <li className="relative flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-within:ring-2 focus-within:ring-indigo-500 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-indigo-700">
      <ArticleImage image={article.image} category={article.category} />
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          <Badge variant="secondary">{article.category}</Badge>
          <span>{article.readTime}</span>
        </div>
        <h3 className="text-lg font-semibold leading-snug text-slate-900 dark:text-slate-50">
          <Link
            to={`/article/${article.slug || slugify(article.title)}`}
            className="after:absolute after:inset-0 focus:outline-none"
            prefetch="intent"
          >
            {article.title}
          </Link>
        </h3>
        <p className="line-clamp-3 text-sm text-slate-600 dark:text-slate-400">{article.excerpt}</p>
        <p className="mt-auto text-xs text-slate-600 dark:text-slate-400">
          {article.author} · <time dateTime={article.date}>{formatDate(article.date)}</time>
        </p>
      </div>
    </li>
  );
}

export function ArticleGrid({ articles, columns = 2 }: { articles: ArticleCardData[]; columns?: 2 | 3 }) {
  return (
    <ul className={columns === 3 ? "grid gap-5 sm:grid-cols-2 lg:grid-cols-3" : "grid gap-5 md:grid-cols-2"}>
      {articles.map((article) => (
        <ArticleCard key={article.id} article={article} />
      ))}
    </ul>
  );
}
