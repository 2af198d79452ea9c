import type { Route } from "./+types/llms-txt";
import { listCategoriesInUse } from "~/server/catalog/tools.server";
import { llmsTxt } from "~/server/seo/markdown.server";
import { siteUrlFor } from "~/server/site.server";
import { tagPage, TOOL_LIST_TAG } from "~/server/cache/page-tags.server";

/** `/llms.txt`: what the site is and where a language model finds what (llmstxt.org). */
export async function loader({ request, context }: Route.LoaderArgs) {
  tagPage(context, TOOL_LIST_TAG);
  const categories = await listCategoriesInUse({ db: context.db });
  return new Response(llmsTxt({ siteUrl: siteUrlFor(request, context), categories }), {
    headers: { "Content-Type": "text/markdown; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
