import { ExternalLink, Star } from "lucide-react";
import { data, isRouteErrorResponse, Link, redirect } from "react-router";
import type { Route } from "./+types/tool";
import { CommentList } from "~/components/comment-list";
import { GoBackButton } from "~/components/go-back-button";
import { HtmlContent } from "~/components/html-content";
import { LoadErrorState, NotFoundState } from "~/components/page-states";
import { PricingList } from "~/components/pricing-list";
import { RatingSummary } from "~/components/rating-summary";
import { ToolLogo } from "~/components/tool-logo";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { describe, seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { SITE_NAME } from "~/lib/site";
import { breadcrumbJsonLd, softwareApplicationJsonLd } from "~/lib/structured-data";
import { findToolByIdentifier } from "~/server/catalog/tools.server";
import { listCommentsForTool } from "~/server/community/comments.server";
import { sanitizeRichText } from "~/server/content/sanitize-html.server";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await findToolByIdentifier({ db: context.db, identifier: params.id });
  if (!found) throw data("Tool not found", { status: 404 });
  const { tool, canonical } = found;
  if (!canonical) {
    // One address per tool: ids and name-like texts move permanently to the slug.
    const search = new URL(request.url).search;
    throw redirect(`/tool/${encodeURIComponent(tool.slug)}${search}`, 301);
  }
  const comments = await listCommentsForTool({ db: context.db, toolId: tool.id });
  return {
    tool: {
      id: tool.id,
      slug: tool.slug,
      name: tool.name,
      category: tool.category,
      image: tool.image,
      website: tool.website,
      rating: tool.rating,
      voteCount: tool.voteCount,
      features: tool.features,
      pros: tool.pros,
      cons: tool.cons,
      pricing: tool.pricing,
      metaTitle: tool.metaTitle,
      descriptionHtml: sanitizeRichText(tool.description),
    },
    comments,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlFromMatches(matches);
  if (!loaderData) return [{ title: `Tool not found | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];
  const { tool } = loaderData;
  const description = describe(tool.descriptionHtml);
  const path = `/tool/${tool.slug}`;
  return seoMeta({
    title: `${tool.name} AI Tool Details`,
    description,
    path,
    siteUrl,
    image: tool.image,
    jsonLd: [
      softwareApplicationJsonLd(siteUrl, { ...tool, description }),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: tool.category, path: `/category/${encodeURIComponent(tool.category)}` },
        { name: tool.name, path },
      ]),
    ],
  });
}

function ListCard({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
        ) : (
          <ul className="list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-300">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export default function ToolDetail({ loaderData }: Route.ComponentProps) {
  const { tool, comments } = loaderData;
  return (
    <article className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-4">
        <GoBackButton label="Back" variant="ghost" />
        <ol className="hidden items-center gap-2 text-sm text-slate-600 sm:flex dark:text-slate-400">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to={`/category/${encodeURIComponent(tool.category)}`} className="hover:underline">
              {tool.category}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{tool.name}</li>
        </ol>
      </nav>

      <header className="flex flex-col gap-6 md:flex-row md:items-start">
        <ToolLogo name={tool.name} image={tool.image} size={128} className="rounded-2xl" />
        <div className="flex-1 space-y-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{tool.name}</h1>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/category/${encodeURIComponent(tool.category)}`}>
              <Badge>{tool.category}</Badge>
            </Link>
            {tool.pros.slice(0, 3).map((pro) => (
              <Badge key={pro} variant="outline">
                {pro}
              </Badge>
            ))}
          </div>
          <RatingSummary rating={tool.rating} voteCount={tool.voteCount} />
          {tool.website && (
            <div>
              <a href={tool.website} target="_blank" rel="noopener noreferrer nofollow" className={buttonClasses({ variant: "outline", size: "sm" })}>
                Visit website
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          )}
        </div>
        <section aria-labelledby="rate-heading" className="rounded-xl border border-slate-200 p-4 dark:border-slate-800">
          <h2 id="rate-heading" className="mb-2 text-sm font-semibold">
            Rate this tool
          </h2>
          <div className="flex gap-1" role="img" aria-label={`Average rating ${tool.rating == null ? "not yet rated" : `${tool.rating.toFixed(1)} out of 5`}`}>
            {[1, 2, 3, 4, 5].map((star) => (
              <Star
                key={star}
                aria-hidden="true"
                className={
                  tool.rating != null && star <= Math.round(tool.rating)
                    ? "h-6 w-6 fill-amber-400 text-amber-500"
                    : "h-6 w-6 text-slate-300 dark:text-slate-600"
                }
              />
            ))}
          </div>
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">Voting opens when accounts arrive.</p>
        </section>
      </header>

      <section aria-labelledby="about-heading" className="space-y-3">
        <h2 id="about-heading" className="text-xl font-semibold">
          About {tool.name}
        </h2>
        <HtmlContent html={tool.descriptionHtml} />
      </section>

      <div className="grid items-start gap-6 md:grid-cols-2">
        <ListCard title="Features" items={tool.features} empty="No features listed yet." />
        <Card>
          <CardHeader>
            <CardTitle>Pricing</CardTitle>
          </CardHeader>
          <CardContent>
            <PricingList pricing={tool.pricing} />
          </CardContent>
        </Card>
        <ListCard title="Pros" items={tool.pros} empty="No pros listed yet." />
        <ListCard title="Cons" items={tool.cons} empty="No cons listed yet." />
      </div>

      <section aria-labelledby="comments-heading" className="space-y-4">
        <h2 id="comments-heading" className="text-xl font-semibold">
          Comments
        </h2>
        <CommentList comments={comments} />
      </section>
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFoundState title="Tool not found" message="The tool you are looking for is not in the directory." />;
  }
  return <LoadErrorState message="Failed to load tool details" />;
}
