import type { Route } from "./+types/api-v1-articles";
import { articleListSchema } from "~/lib/api/schemas";
import { readArticleList } from "~/server/api/resources.server";
import { answerApi } from "~/server/api/respond.server";
import { siteUrlFor } from "~/server/site.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  const url = new URL(request.url);
  return answerApi({
    request,
    context,
    schema: articleListSchema,
    read: () => readArticleList({ db: context.db, pageTags: context.pageTags, siteUrl, url }),
  });
}
