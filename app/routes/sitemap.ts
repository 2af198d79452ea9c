import type { Route } from "./+types/sitemap";
import { buildSitemapIndex } from "~/server/seo/sitemap.server";
import { siteUrlFor } from "~/server/site.server";
import { ARTICLE_LIST_TAG, tagPage, TOOL_LIST_TAG } from "~/server/cache/page-tags.server";

/** `/sitemap.xml`: the sitemap index, naming each section's files (decision 102). */
export async function loader({ request, context }: Route.LoaderArgs) {
  tagPage(context, TOOL_LIST_TAG, ARTICLE_LIST_TAG);
  const xml = await buildSitemapIndex({ db: context.db, siteUrl: siteUrlFor(request, context) });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
