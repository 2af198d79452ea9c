import type { Route } from "./+types/robots";
import { absoluteUrl } from "~/lib/seo";
import { siteUrlFor } from "~/server/site.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/",
    // Sign-in links carry the page they come from: every page has its own, none worth crawling.
    "Disallow: /sign-in",
    "",
    `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
