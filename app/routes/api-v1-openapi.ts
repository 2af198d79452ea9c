import type { Route } from "./+types/api-v1-openapi";
import { z } from "zod";
import { openApiDocument } from "~/server/api/openapi.server";
import { answerApi } from "~/server/api/respond.server";
import { siteUrlFor } from "~/server/site.server";

/** The OpenAPI 3.1 document, generated from the response schemas (decision 064); not rate-limited. */
export function loader({ request, context }: Route.LoaderArgs) {
  const siteUrl = siteUrlFor(request, context);
  return answerApi({
    request,
    context,
    schema: z.looseObject({ openapi: z.string() }),
    read: async () => ({ ...openApiDocument(siteUrl) }),
    limited: false,
  });
}
