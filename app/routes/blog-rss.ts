import type { Route } from "./+types/blog-rss";
import { feedResponse } from "~/server/seo/feeds.server";
import { articlesFeed } from "~/server/seo/rss.server";
import { siteUrlFor } from "~/server/site.server";
import { ARTICLE_LIST_TAG, tagPage } from "~/server/cache/page-tags.server";

/** `/blog/rss.xml` (RSS 2.0) and `/blog/feed.json` (JSON Feed 1.1): the newest articles. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  tagPage(context, ARTICLE_LIST_TAG);
  const format = new URL(request.url).pathname.endsWith(".json") ? "json" : "rss";
  const feedPath = format === "json" ? "/blog/feed.json" : "/blog/rss.xml";
  return feedResponse(await articlesFeed({ db: context.db, siteUrl, feedPath }), siteUrl, format);
}
