import { Link } from "react-router";
import { ToolLogo } from "~/components/tool-logo";
import { formatDate } from "~/lib/format";
import { toolPath } from "~/lib/tool-links";
import type { ArticleCard } from "~/server/content/articles.server";
import type { ToolCard } from "~/server/catalog/tool-card-columns.server";

/**
 * The two ends of an article's links to tool pages (decision 182): the article lists the tools it
 * links, and each tool page lists the articles that link it. Both come from `article_tools`.
 */

/** "Tools in this article": a compact list under the article; nothing when it links no tool. */
export function ToolsInArticle({
  tools,
}: {
  tools: Pick<ToolCard, "id" | "slug" | "name" | "image" | "tagline" | "category">[];
}) {
  if (tools.length === 0) return null;
  return (
    <aside
      aria-labelledby="article-tools-heading"
      className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="article-tools-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Tools in this article
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {tools.map((tool) => (
          <li
            key={tool.id}
            className="relative flex min-w-0 items-center gap-3 rounded-lg p-2 hover:bg-white dark:hover:bg-slate-800"
          >
            <ToolLogo name={tool.name} image={tool.image} size={40} decorative />
            <div className="min-w-0">
              <Link
                to={toolPath(tool.slug)}
                prefetch="intent"
                className="font-medium text-slate-900 after:absolute after:inset-0 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-white"
              >
                {tool.name}
              </Link>
              <p className="truncate text-sm text-slate-600 dark:text-slate-400">{tool.tagline ?? tool.category}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/** "Related articles" on a tool page: the newest few published articles that link it; nothing when none does. */
export function RelatedArticles({
  articles,
}: {
  articles: Pick<ArticleCard, "id" | "slug" | "title" | "excerpt" | "date" | "readTime">[];
}) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="related-articles-heading" className="space-y-3">
      <h2 id="related-articles-heading" className="text-xl font-semibold">
        Related articles
      </h2>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {articles.map((article) => (
          <li key={article.id} className="py-3">
            <Link
              to={`/article/${encodeURIComponent(article.slug)}`}
              prefetch="intent"
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              {article.title}
            </Link>
            <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{article.excerpt}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              <time dateTime={article.date}>{formatDate(article.date)}</time> · {article.readTime}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
