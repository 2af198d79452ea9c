import type { Route } from "./+types/sitemap";
import { buildSitemap } from "~/server/seo/sitemap.server";
import { siteUrlFor } from "~/server/site.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = await buildSitemap({ db: context.db, siteUrl: siteUrlFor(request, context) });
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
