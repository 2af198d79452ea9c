import { ArrowLeft } from "lucide-react";
import { Form, Link, redirect, useLocation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tool-alternatives";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ToolGrid } from "~/components/tool-card";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { signInHref } from "~/lib/sign-in-link";
import { ALTERNATIVES_LIMIT, alternativesPath } from "~/lib/alternatives";
import { AppError } from "~/lib/app-error";
import { comparePath } from "~/lib/compare";
import { errorPageMeta, seoMeta, siteUrlFromMatches } from "~/lib/seo";
import type { ErrorTexts } from "~/lib/error-page-text";
import { siteNameFromMatches } from "~/lib/site";
import { breadcrumbJsonLd, collectionPageJsonLd } from "~/lib/structured-data";
import { listAlternatives } from "~/server/catalog/alternatives.server";
import { findToolByIdentifier } from "~/server/catalog/tools.server";
import { TOOL_NOT_FOUND_MESSAGE } from "~/server/community/votes.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { tagPage, toolTag } from "~/server/cache/page-tags.server";
import { recordAlternativeVote } from "~/server/community/alternative-votes.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";

/** "{Name} Alternatives": the tools that do the same job, best first, each with why (decision 061). */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await findToolByIdentifier({ db: context.db, identifier: params.id });
  if (!found) throw toErrorResponse(new AppError("not-found", TOOL_NOT_FOUND_MESSAGE));
  const { tool, canonical } = found;
  if (!canonical) throw redirect(`${alternativesPath(tool.slug)}${new URL(request.url).search}`, 301);
  const alternatives = await listAlternatives({
    db: context.db,
    source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
    limit: ALTERNATIVES_LIMIT,
    viewerId: context.viewer?.id ?? null,
  });
  tagPage(context, toolTag(tool.id), ...alternatives.map((alternative) => toolTag(alternative.tool.id)));
  return {
    tool: { name: tool.name, slug: tool.slug, category: tool.category },
    alternatives,
    signedIn: context.viewer !== null,
  };
}

/**
 * A member says whether a listed tool is a good alternative (decision 170): same-origin, signed
 * in, rate-limited like a tool vote, one word per member and pair (a second one changes it).
 */
export const action = defineAction({
  guard: "user",
  schema: z.object({
    alternative: z.string().trim().min(1, "Name the alternative"),
    vote: z.enum(["good", "bad", "clear"], "Unknown vote"),
  }),
  fields: ["alternative", "vote"],
  invalid: (fieldErrors) => fieldErrors.vote ?? fieldErrors.alternative!,
  rateLimit: ({ viewer }) => ({ rule: RATE_LIMITS.vote, subject: viewer.id }),
  failure: "Failed to record your vote",
  async run({ params, context, viewer, input, purge }) {
    const found = await findToolByIdentifier({ db: context.db, identifier: params.id ?? "" });
    if (!found) throw new AppError("not-found", TOOL_NOT_FOUND_MESSAGE);
    await recordAlternativeVote({
      db: context.db,
      userId: viewer.id,
      toolId: found.tool.id,
      alternativeId: input.alternative,
      choice: input.vote,
    });
    // The counts show on the tool's page and on its alternatives page, both cached for visitors.
    purge([toolTag(found.tool.id)]);
    return { ok: true as const };
  },
});

/** The page links the tool's comparison with this many of its best alternatives. */
const COMPARED_ALTERNATIVES = 6;

const describeAlternatives = (name: string, count: number) =>
  count === 0
    ? `No alternatives to ${name} are listed yet.`
    : `The best ${count === 1 ? "alternative" : `${count} alternatives`} to ${name}: AI tools that do the same job, ranked by how alike they are in what they are for and by members' votes.`;

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  if (!loaderData) return errorPageMeta(matches, error, ALTERNATIVES_ERROR_TEXTS);
  const siteUrl = siteUrlFromMatches(matches);
  const { tool, alternatives } = loaderData;
  const path = alternativesPath(tool.slug);
  const description = describeAlternatives(tool.name, alternatives.length);
  return seoMeta({
    siteName,
    title: `${tool.name} Alternatives | ${siteName}`,
    description,
    path,
    siteUrl,
    // An empty list is a thin page: followed, not indexed.
    noindex: alternatives.length === 0 ? "follow" : false,
    jsonLd: [
      collectionPageJsonLd(siteUrl, {
        name: `${tool.name} Alternatives`,
        description,
        path,
        items: alternatives.map((alternative) => alternative.tool),
        offset: 0,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: tool.name, path: `/tool/${tool.slug}` },
        { name: "Alternatives", path },
      ]),
    ],
  });
}

/** An alternative's counts, and a signed-in member's two buttons (a form: it works without JavaScript). */
function AlternativeVotes({
  toolName,
  alternative,
  signedIn,
}: {
  toolName: string;
  alternative: { tool: { id: string; name: string }; agree: number; disagree: number; viewerVote: boolean | null };
  signedIn: boolean;
}) {
  const location = useLocation();
  const { agree, disagree, viewerVote } = alternative;
  const counts = (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      {agree} agree{disagree > 0 ? ` · ${disagree} disagree` : ""}
    </p>
  );
  if (!signedIn) {
    return (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {counts}
        <Link
          to={signInHref(location)}
          aria-label={`Sign in to vote on ${alternative.tool.name} as an alternative to ${toolName}`}
          className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
        >
          Sign in to vote
        </Link>
      </div>
    );
  }
  const button = (vote: "good" | "bad", label: string, pressed: boolean) => (
    <Button
      type="submit"
      name="vote"
      value={pressed ? "clear" : vote}
      variant={pressed ? "default" : "outline"}
      size="sm"
      aria-pressed={pressed}
      aria-label={`${label}: ${alternative.tool.name} as an alternative to ${toolName}`}
    >
      {label}
    </Button>
  );
  return (
    <Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="alternative" value={alternative.tool.id} />
      {counts}
      {button("good", "Good alternative", viewerVote === true)}
      {button("bad", "Not really", viewerVote === false)}
    </Form>
  );
}

export default function ToolAlternatives({ loaderData, actionData }: Route.ComponentProps) {
  const { tool, alternatives, signedIn } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <Link
        to={`/tool/${tool.slug}`}
        className="inline-flex items-center gap-2 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to {tool.name}
      </Link>
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{tool.name} Alternatives</h1>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">
          {describeAlternatives(tool.name, alternatives.length)}
        </p>
      </div>
      {alternatives.length === 0 ? (
        <div className="space-y-4 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
          <p className="text-slate-700 dark:text-slate-300">
            Nothing else in the directory shares {tool.name}&apos;s category or tags yet.
          </p>
          <p>
            <Link
              to={`/category/${encodeURIComponent(tool.category)}`}
              className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
            >
              Browse {tool.category} tools
            </Link>
          </p>
        </div>
      ) : (
        <>
          <section aria-labelledby="alternatives-list-heading">
            {/* The cards are h3s: this keeps the outline h1, h2, h3 without showing the h1's words twice. */}
            <h2 id="alternatives-list-heading" className="sr-only">
              {tool.name} alternatives
            </h2>
            {actionData && !actionData.ok && (
              <Alert variant="destructive" className="mb-4">
                <AlertDescription>{actionData.formError}</AlertDescription>
              </Alert>
            )}
            <ToolGrid
              tools={alternatives.map((alternative) => alternative.tool)}
              notes={new Map(alternatives.map((alternative) => [alternative.tool.id, alternative.reason]))}
              extras={
                new Map(
                  alternatives.map((alternative) => [
                    alternative.tool.id,
                    <AlternativeVotes
                      key={alternative.tool.id}
                      toolName={tool.name}
                      alternative={alternative}
                      signedIn={signedIn}
                    />,
                  ]),
                )
              }
            />
          </section>
          <section aria-labelledby="compare-heading" className="space-y-3">
            <h2 id="compare-heading" className="text-xl font-semibold">
              Compare side by side
            </h2>
            <ul className="flex flex-wrap gap-2">
              {alternatives.slice(0, COMPARED_ALTERNATIVES).map(({ tool: alternative }) => (
                <li key={alternative.id}>
                  <Link
                    to={comparePath([tool.slug, alternative.slug])}
                    className="inline-flex rounded-full border border-slate-300 px-3 py-1 text-sm font-medium text-indigo-700 hover:border-indigo-400 hover:underline dark:border-slate-600 dark:text-indigo-300"
                  >
                    {tool.name} vs {alternative.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

const ALTERNATIVES_ERROR_TEXTS: ErrorTexts = {
  404: { title: "Tool not found", message: "The tool you are looking for is not in the directory." },
  server: { message: "Failed to load the alternatives" },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} texts={ALTERNATIVES_ERROR_TEXTS} />;
}
