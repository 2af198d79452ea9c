import type { Route } from "./+types/api-v1-tools";
import { toolListSchema } from "~/lib/api/schemas";
import { readToolList } from "~/server/api/resources.server";
import { answerApi } from "~/server/api/respond.server";
import { siteUrlFor } from "~/server/site.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  const url = new URL(request.url);
  return answerApi({
    request,
    context,
    schema: toolListSchema,
    read: () => readToolList({ db: context.db, pageTags: context.pageTags, siteUrl, url }),
  });
}
