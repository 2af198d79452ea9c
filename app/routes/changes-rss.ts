import type { Route } from "./+types/changes-rss";
import { feedResponse } from "~/server/seo/feeds.server";
import { changesFeed } from "~/server/seo/changes-feed.server";
import { siteUrlFor } from "~/server/site.server";
import { tagPage, TOOL_LIST_TAG } from "~/server/cache/page-tags.server";

/** `/changes/rss.xml`: the public change log as RSS 2.0. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  tagPage(context, TOOL_LIST_TAG);
  return feedResponse(await changesFeed({ db: context.db, siteUrl, feedPath: "/changes/rss.xml" }), siteUrl, "rss");
}
