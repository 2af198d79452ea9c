import type { Route } from "./+types/blog-rss";
import { buildArticlesFeed } from "~/server/seo/rss.server";
import { siteUrlFor } from "~/server/site.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = await buildArticlesFeed({ db: context.db, siteUrl: siteUrlFor(request, context) });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
