import { action, loader } from "~/routes/tool";
import type { AppServices } from "~/server/context.server";
import { contextFor, formPost } from "./test-app";

/** What the tool page's action answered: its data (200), or a returned error response's status and body. */
export type ToolPageAnswer = {
  status: number;
  intent?: string;
  ok?: boolean;
  error?: string;
  code?: string;
  commentId?: string;
};

/**
 * Posts a form to /tool/{slug} as the browser does (same-origin unless `origin` says otherwise) and
 * reads the answer. A refusal the action throws (a cross-site post) is thrown on, as a Response.
 */
export async function postToToolPage(
  services: AppServices,
  slug: string,
  fields: Record<string, string>,
  options: { cookie?: string; origin?: string | null } = {},
): Promise<ToolPageAnswer> {
  const request = formPost(`/tool/${slug}`, fields, options);
  const context = await contextFor(services, request);
  const result = await action({ request, params: { id: slug }, context } as never);
  if (result instanceof Response) return { status: result.status, ...((await result.json()) as object) };
  return { status: 200, ...(result as object) };
}

/** The tool page's loader data for a reader (no cookie: a signed-out visitor). */
export async function loadToolPage(services: AppServices, slug: string, cookie?: string) {
  const request = new Request(`http://localhost:3000/tool/${slug}`, { headers: cookie ? { cookie } : {} });
  return loader({ request, params: { id: slug }, context: await contextFor(services, request) } as never);
}
