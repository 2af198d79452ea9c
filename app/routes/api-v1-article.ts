import type { Route } from "./+types/api-v1-article";
import { articleSchema } from "~/lib/api/schemas";
import { readArticle } from "~/server/api/resources.server";
import { answerApi } from "~/server/api/respond.server";
import { siteUrlFor } from "~/server/site.server";

export function loader({ request, params, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  return answerApi({
    request,
    context,
    schema: articleSchema,
    read: () => readArticle({ db: context.db, pageTags: context.pageTags, siteUrl, slug: params.slug }),
  });
}
