import { CalendarDays, Clock, Pencil, User } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/article";
import { ArticleImage } from "~/components/article-image";
import { ToolsInArticle } from "~/components/article-tool-links";
import { GoBackButton } from "~/components/go-back-button";
import { HtmlContent } from "~/components/html-content";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { formatDate } from "~/lib/format";
import { ogImage } from "~/lib/og-image";
import { describe, errorPageMeta, seoMeta, siteUrlFromMatches } from "~/lib/seo";
import type { ErrorTexts } from "~/lib/error-page-text";
import { brandingFromMatches } from "~/lib/site";
import { blogPostingJsonLd, breadcrumbJsonLd } from "~/lib/structured-data";
import { AppError } from "~/lib/app-error";
import { findArticleByIdentifier } from "~/server/content/articles.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { sanitizeRichText } from "~/server/content/sanitize-html.server";
import { articleTag, tagPage, toolTag } from "~/server/cache/page-tags.server";
import { listToolsInArticle } from "~/server/content/article-tools.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const isAdmin = context.viewer?.isAdmin === true;
  const found = await findArticleByIdentifier({ db: context.db, identifier: params.id, includeDrafts: isAdmin });
  if (!found) throw toErrorResponse(new AppError("not-found", "Article not found"));
  const { article, canonical } = found;
  if (!canonical) {
    const search = new URL(request.url).search;
    throw redirect(`/article/${encodeURIComponent(article.slug)}${search}`, 301);
  }
  // The tools its links name (decision 182): a tool renamed or given a new logo changes the box.
  const tools = await listToolsInArticle({ db: context.db, articleId: article.id });
  tagPage(context, articleTag(article.id), ...tools.map((tool) => toolTag(tool.id)));
  return {
    article: {
      id: article.id,
      slug: article.slug,
      title: article.title,
      excerpt: article.excerpt,
      author: article.author,
      date: article.date,
      updatedAt: article.updatedAt.toISOString(),
      category: article.category,
      image: article.image,
      readTime: article.readTime,
      metaTitle: article.metaTitle,
      metaDescription: article.metaDescription,
      metaKeywords: article.metaKeywords,
      contentHtml: sanitizeRichText(article.content, { siteOrigin: context.siteUrl }),
    },
    tools: tools.map(({ id, slug, name, image, tagline, category }) => ({ id, slug, name, image, tagline, category })),
    // The edit shortcut is for administrators only; the admin routes check the role again themselves.
    canEdit: isAdmin,
    // Only an administrator gets here for a draft (a preview, never indexed); administrators carry a
    // session cookie, so the page cache neither serves nor stores it.
    draft: article.status === "draft",
  };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const site = brandingFromMatches(matches);
  const siteName = site.name;
  if (!loaderData) return errorPageMeta(matches, error, ARTICLE_ERROR_TEXTS);
  const siteUrl = siteUrlFromMatches(matches);
  const { article } = loaderData;
  const path = `/article/${article.slug}`;
  const image = ogImage({ kind: "article", siteName, article });
  const tags = seoMeta({
    siteName,
    title: article.metaTitle || article.title,
    description: describe(article.metaDescription || article.excerpt),
    path,
    siteUrl,
    image,
    type: "article",
    noindex: loaderData.draft,
    jsonLd: [
      blogPostingJsonLd(siteUrl, { ...article, keywords: article.metaKeywords }, { site, shareImage: image.path }),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: "Blog", path: "/blog" },
        { name: article.title, path },
      ]),
    ],
  });
  tags.push(
    { property: "article:published_time", content: article.date },
    { property: "article:modified_time", content: article.updatedAt },
    { property: "article:author", content: article.author },
    { property: "article:section", content: article.category },
    { name: "author", content: article.author },
  );
  if (article.metaKeywords?.length) tags.push({ name: "keywords", content: article.metaKeywords.join(", ") });
  // Its Markdown twin, for language models (a draft has none).
  if (!loaderData.draft) tags.push({ tagName: "link", rel: "alternate", type: "text/markdown", href: `${path}.md` });
  return tags;
}

export default function ArticleDetail({ loaderData }: Route.ComponentProps) {
  const { article, canEdit, draft, tools } = loaderData;
  return (
    <article className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-4">
        <GoBackButton label="Back" variant="ghost" />
        <ol className="hidden items-center gap-2 text-sm text-slate-600 sm:flex dark:text-slate-400">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/blog" className="hover:underline">
              Blog
            </Link>
          </li>
        </ol>
        {canEdit && (
          <ButtonLink to={`/admin/articles/${article.id}`} variant="outline" size="sm" className="ml-auto">
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit Article
          </ButtonLink>
        )}
      </nav>
      {draft && (
        <Alert>
          <AlertTitle>Draft</AlertTitle>
          <AlertDescription>
            Only administrators can see this article. Publish it from the article form to show it on the site.
          </AlertDescription>
        </Alert>
      )}
      <header className="space-y-4">
        <Badge>{article.category}</Badge>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {article.title}
        </h1>
        <p className="text-lg text-slate-600 dark:text-slate-400">{article.excerpt}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600 dark:text-slate-400">
          <div className="flex items-center gap-1.5">
            <dt>
              <User aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Author</span>
            </dt>
            <dd>{article.author}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Published</span>
            </dt>
            <dd>
              <time dateTime={article.date}>{formatDate(article.date)}</time>
            </dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <Clock aria-hidden="true" className="h-4 w-4" />
              <span className="sr-only">Read time</span>
            </dt>
            <dd>{article.readTime}</dd>
          </div>
        </dl>
      </header>
      <ArticleImage image={article.image} category={article.category} eager className="rounded-xl" />
      <HtmlContent html={article.contentHtml} className="text-lg" />
      <ToolsInArticle tools={tools} />
    </article>
  );
}

const ARTICLE_ERROR_TEXTS: ErrorTexts = {
  404: { title: "Article not found", message: "The article you are looking for does not exist or has been removed." },
  server: { message: "Something went wrong while loading this article. Please try again." },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} texts={ARTICLE_ERROR_TEXTS} />;
}
