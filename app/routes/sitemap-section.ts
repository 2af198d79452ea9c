import { redirect } from "react-router";
import type { Route } from "./+types/sitemap-section";
import { AppError } from "~/lib/app-error";
import { toErrorResponse } from "~/server/http/error-response.server";
import { buildSitemapFile, SITEMAP_SECTIONS, sitemapPath, type SitemapSection } from "~/server/seo/sitemap.server";
import { siteUrlFor } from "~/server/site.server";
import { ARTICLE_LIST_TAG, tagPage, TOOL_LIST_TAG } from "~/server/cache/page-tags.server";

const notFound = () => toErrorResponse(new AppError("not-found", "Sitemap not found"));

const isSection = (name: string | undefined): name is SitemapSection =>
  (SITEMAP_SECTIONS as readonly string[]).includes(name ?? "");

/**
 * `/sitemap-{section}.xml` and, past 50,000 addresses, `/sitemap-{section}.xml?page={n}`: one file
 * of the sitemap index (decision 102).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const section = /^\/sitemap-([a-z]+)\.xml$/.exec(url.pathname)?.[1];
  if (!isSection(section)) throw notFound();
  const page = url.searchParams.get("page");
  if (page !== null && !/^[1-9]\d{0,8}$/.test(page)) throw notFound();
  const part = page === null ? 1 : Number(page);
  // One address per file: the first has no page number.
  if (page !== null && part === 1) throw redirect(sitemapPath(section, 1), 301);

  // Home and the blog's page move with both lists; every other section but the articles follows the tools.
  if (section === "pages") tagPage(context, TOOL_LIST_TAG, ARTICLE_LIST_TAG);
  else tagPage(context, section === "articles" ? ARTICLE_LIST_TAG : TOOL_LIST_TAG);
  const xml = await buildSitemapFile({ db: context.db, siteUrl: siteUrlFor(request, context), section, part });
  if (xml === null) throw notFound();
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
