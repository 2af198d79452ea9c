import { redirect } from "react-router";
import type { Route } from "./+types/tools-feed";
import { AppError } from "~/lib/app-error";
import { categoryFromAddress } from "~/lib/categories";
import { toErrorResponse } from "~/server/http/error-response.server";
import { feedResponse } from "~/server/seo/feeds.server";
import { toolsFeed } from "~/server/seo/rss.server";
import { siteUrlFor } from "~/server/site.server";
import { categoryTag, tagPage, TOOL_LIST_TAG } from "~/server/cache/page-tags.server";

/**
 * The newest tools: `/tools/rss.xml` (RSS 2.0), `/tools/feed.json` (JSON Feed 1.1) and, for one
 * category, `/category/{name}/rss.xml` and `/category/{name}/feed.json`.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const format = url.pathname.endsWith(".json") ? "json" : "rss";
  const file = format === "json" ? "feed.json" : "rss.xml";
  let category: string | null = null;
  if (params.category !== undefined) {
    category = categoryFromAddress(params.category);
    if (!category) throw toErrorResponse(new AppError("not-found", "Category not found"));
    // One address per feed, like the category pages.
    if (params.category !== category) throw redirect(`/category/${encodeURIComponent(category)}/${file}`, 301);
  }
  tagPage(context, TOOL_LIST_TAG, ...(category ? [categoryTag(category)] : []));
  const feedPath = category ? `/category/${encodeURIComponent(category)}/${file}` : `/tools/${file}`;
  const siteUrl = siteUrlFor(request, context);
  return feedResponse(await toolsFeed({ db: context.db, siteUrl, category, feedPath }), siteUrl, format);
}
