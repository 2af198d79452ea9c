import type { Route } from "./+types/api-v1-tags";
import { tagListSchema } from "~/lib/api/schemas";
import { readTags } from "~/server/api/resources.server";
import { answerApi } from "~/server/api/respond.server";
import { siteUrlFor } from "~/server/site.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  return answerApi({
    request,
    context,
    schema: tagListSchema,
    read: () => readTags({ db: context.db, pageTags: context.pageTags, siteUrl }),
  });
}
