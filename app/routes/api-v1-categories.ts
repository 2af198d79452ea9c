import type { Route } from "./+types/api-v1-categories";
import { categoryListSchema } from "~/lib/api/schemas";
import { readCategories } from "~/server/api/resources.server";
import { answerApi } from "~/server/api/respond.server";
import { siteUrlFor } from "~/server/site.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  return answerApi({
    request,
    context,
    schema: categoryListSchema,
    read: () => readCategories({ db: context.db, pageTags: context.pageTags, siteUrl }),
  });
}
