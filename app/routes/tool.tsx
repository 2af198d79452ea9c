import { CircleAlert, ExternalLink, Pencil } from "lucide-react";
import { useCallback, useState } from "react";
import { Link, redirect, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/tool";
import { ChangeList } from "~/components/change-list";
import { RelatedArticles } from "~/components/article-tool-links";
import { CommentForm } from "~/components/comment-form";
import { CompareToggle } from "~/components/compare-tray";
import { TagLinks } from "~/components/tag-links";
import { ToolFactList } from "~/components/tool-facts";
import { ToolGrid } from "~/components/tool-card";
import { ALTERNATIVES_PREVIEW, alternativesPath } from "~/lib/alternatives";
import { CommentList } from "~/components/comment-list";
import { GoBackButton } from "~/components/go-back-button";
import { HtmlContent } from "~/components/html-content";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { PricingBadge } from "~/components/pricing-badge";
import { PricingList } from "~/components/pricing-list";
import { ReportProblem } from "~/components/report-problem";
import { RatingSummary } from "~/components/rating-summary";
import { SaveToggle } from "~/components/save-toggle";
import { FollowButton } from "~/components/follow-button";
import { ToolLogo } from "~/components/tool-logo";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Input } from "~/components/ui/input";
import { VoteStars } from "~/components/vote-stars";
import { ToolReviews } from "~/components/tool-reviews";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink, buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { isRefusal, type ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import {
  answeredIntent,
  EDIT_COMMENT_PARAM,
  failedText,
  isReviewIntent,
  parseCommunityIntent,
  successToast,
  type CommunityIntent,
} from "~/lib/community-actions";
import { formatDate } from "~/lib/format";
import { parseReviewSort, REVIEW_SORT_PARAM } from "~/lib/reviews";
import { timeAgo } from "~/lib/relative-time";
import { savedByText } from "~/lib/saved-tools";
import { ogImage } from "~/lib/og-image";
import { websiteClickPing } from "~/lib/outbound-link";
import { describe, errorPageMeta, seoMeta, siteUrlFromMatches } from "~/lib/seo";
import type { ErrorTexts } from "~/lib/error-page-text";
import { siteNameFromMatches } from "~/lib/site";
import { breadcrumbJsonLd, softwareApplicationJsonLd } from "~/lib/structured-data";
import { tagsWithIds } from "~/server/catalog/tags.server";
import { cachedTags } from "~/server/cache/shared-answers.server";
import { listAlternatives } from "~/server/catalog/alternatives.server";
import { findToolByIdentifier, type ToolCard as ToolCardData } from "~/server/catalog/tools.server";
import { listCommentsForTool } from "~/server/community/comments.server";
import { TOOL_PAGE_INTENTS, toolPageEcho, toolPageFormId } from "~/server/community/tool-page-actions.server";
import { listToolHistory } from "~/server/freshness/change-log.server";
import { readToolFacts } from "~/server/catalog/tool-facts.server";
import { findLinkCheckState } from "~/server/freshness/tool-freshness.server";
import { countSaves } from "~/server/community/saved-tools.server";
import { followingForViewer } from "~/server/follows/follows.server";
import { findUserVote, TOOL_NOT_FOUND_MESSAGE } from "~/server/community/votes.server";
import { listToolReviews, readRatingDistribution, type ToolReview } from "~/server/community/reviews.server";
import { defineIntents } from "~/server/http/action-pipeline.server";
import { logPageReadFailure, toErrorResponse } from "~/server/http/error-response.server";
import { logger } from "~/server/logger.server";
import { sanitizeRichText } from "~/server/content/sanitize-html.server";
import { listRelatedArticles } from "~/server/content/article-tools.server";
import { tagPage, toolTag } from "~/server/cache/page-tags.server";
import { readMakerState } from "~/server/makers/verified-makers.server";
import { MakerBadge } from "~/components/maker-badge";
import { CLAIM_LINK_TEXT, claimPath, makerPath } from "~/lib/makers";
import { websiteLink } from "~/server/traffic/outbound-links.server";
import { noteToolView } from "~/server/traffic/tool-views.server";

/** The tool page shows this many of its latest changes; /changes has the rest of the catalogue's. */
const TOOL_HISTORY_LIMIT = 10;

/** The reviews block of a page whose reviews could not be read. */
const NO_RATINGS = { distribution: [5, 4, 3, 2, 1].map((stars) => ({ stars, votes: 0 })), reviewCount: 0 };

/** Spec section 8's words for a lookup the database failed (a missing tool is 'Tool not found', 404). */
const TOOL_FETCH_FAILED_MESSAGE = "Failed to fetch tool details";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const found = await findToolByIdentifier({ db: context.db, identifier: params.id }).catch((error: unknown) => {
    logPageReadFailure(error, { route: "tool", identifier: params.id });
    throw toErrorResponse(new AppError("unavailable", TOOL_FETCH_FAILED_MESSAGE));
  });
  if (!found) throw toErrorResponse(new AppError("not-found", TOOL_NOT_FOUND_MESSAGE));
  const { tool, canonical } = found;
  if (!canonical) {
    // One address per tool: ids and name-like texts move permanently to the slug.
    const search = new URL(request.url).search;
    throw redirect(`/tool/${encodeURIComponent(tool.slug)}${search}`, 301);
  }
  const viewer = context.viewer;
  tagPage(context, toolTag(tool.id));
  // Counted as a view by the HTTP layer when a person asked (decision 178).
  noteToolView(context, tool.id);
  // Every tag, kept with the page cache (decision 112): the tool's own are named from its row's ids.
  // Read beside the tool's other rows, not before them.
  const allTags = cachedTags(context);
  // Spec section 2's block keyed by tool id: its best alternatives (decision 061).
  const alternatives = listAlternatives({
    db: context.db,
    source: { id: tool.id, category: tool.category, tagline: tool.tagline, tagIds: tool.tagIds },
    limit: ALTERNATIVES_PREVIEW,
  });
  // The published articles that link this page (decision 182); an article's save purges this page.
  const relatedArticles = listRelatedArticles({ db: context.db, toolId: tool.id });
  const reviewSort = parseReviewSort(new URL(request.url).searchParams.get(REVIEW_SORT_PARAM));
  // Issue 33: the votes' spread and the reviews in the order the address names; a visitor's answer
  // is every visitor's, so the page stays cacheable. Like the member's own vote (spec section 7), a
  // signed-in member's failed read leaves their page (never cached) without reviews; a visitor's fails the page.
  const reviewReads = Promise.all([
    readRatingDistribution({ db: context.db, toolId: tool.id }),
    listToolReviews({
      db: context.db,
      toolId: tool.id,
      sort: reviewSort,
      viewerId: viewer?.id,
      viewerIsAdmin: viewer?.isAdmin,
    }),
  ]).catch((error: unknown) => {
    if (!viewer) throw error;
    logger.error({ err: error, toolId: tool.id, userId: viewer.id }, "could not read the tool's reviews");
    return [NO_RATINGS, []] as [typeof NO_RATINGS, ToolReview[]];
  });
  const [
    everyTag,
    comments,
    saves,
    myVote,
    history,
    linkCheck,
    facts,
    following,
    [ratings, reviews],
    { claimed, viewerIsMaker },
  ] = await Promise.all([
    allTags,
    // A visitor's answer is every visitor's (the page is cached); a member also gets their own
    // hidden comments, an administrator every hidden one, each marked.
    listCommentsForTool({ db: context.db, toolId: tool.id, viewerId: viewer?.id, viewerIsAdmin: viewer?.isAdmin }),
    // How many saved it, and whether the viewer did, in one statement; a visitor's answer is everyone's.
    countSaves({ db: context.db, toolId: tool.id, userId: viewer?.id }),
    // Spec section 7: a failed read of the user's own vote counts as no vote (not retried). With its
    // review, if it has one.
    viewer
      ? findUserVote({ db: context.db, userId: viewer.id, toolId: tool.id }).catch((error: unknown) => {
          logger.error({ err: error, toolId: tool.id, userId: viewer.id }, "could not read the user's vote");
          return null;
        })
      : null,
    listToolHistory({ db: context.db, toolId: tool.id, limit: TOOL_HISTORY_LIMIT }),
    findLinkCheckState({ db: context.db, toolId: tool.id }),
    readToolFacts({ db: context.db, toolId: tool.id }),
    // Read only for a member: a visitor's page stays everyone's (decision 180).
    followingForViewer({ db: context.db, viewer, kind: "tool", target: tool.id }),
    reviewReads,
    // The listing's "Maker" badge, and whether the viewer is that maker (decision 176).
    readMakerState({ db: context.db, toolId: tool.id, viewerId: viewer?.id }),
  ]);
  return {
    tool: {
      id: tool.id,
      slug: tool.slug,
      name: tool.name,
      category: tool.category,
      image: tool.image,
      tagline: tool.tagline,
      pricingModel: tool.pricingModel,
      startingPrice: tool.startingPrice,
      website: tool.website,
      /** The "Visit website" link: the website with OUTBOUND_REF's `ref` (decision 178). */
      websiteLink: tool.website ? websiteLink(tool.website) : null,
      rating: tool.rating,
      voteCount: tool.voteCount,
      features: tool.features,
      pros: tool.pros,
      cons: tool.cons,
      pricing: tool.pricing,
      metaTitle: tool.metaTitle,
      descriptionHtml: sanitizeRichText(tool.description),
      // "Last updated": updateTool moves it only when a fact changed, never on a save that changed nothing.
      updatedAt: tool.updatedAt,
      discontinuedAt: tool.discontinuedAt,
    },
    history,
    linkCheck,
    facts,
    comments,
    tags: tagsWithIds(everyTag, tool.tagIds),
    saves,
    following,
    myRating: myVote?.rating ?? null,
    myReview: myVote?.review ?? null,
    ratings,
    reviews,
    reviewSort,
    alternatives: tagged(context, await alternatives),
    relatedArticles: await relatedArticles,
    signedIn: context.viewer !== null,
    claimed,
    viewerIsMaker,
    // The edit shortcut and the comments' moderation buttons are for administrators only; the admin
    // routes and this page's action check the role again themselves.
    canEdit: context.viewer?.isAdmin === true,
  };
}

/** A refused vote's or comment's wait reaches the answer (actions' headers are not passed on by themselves). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

/**
 * A vote, a comment, or a change to one (issue 15: edit, delete, report, and an administrator's
 * hide, restore and delete), or a report of the listing, through the pipeline: same-origin, signed
 * in, the role checked for an administrator's intents, rate-limited per member, validated, then
 * written (the steps: app/server/community/tool-page-actions.server.ts). Every failure past the
 * origin check is an ActionResult answered, not thrown, so the page stays as it is and shows a
 * toast; `form` names the intent on every answer, `values.commentId` the comment a failure is about.
 */
export const action = defineIntents({
  intents: TOOL_PAGE_INTENTS,
  formId: toolPageFormId,
  echo: toolPageEcho,
});

/**
 * In the browser, the request itself can fail (the network, or a refusal thrown before the action
 * ran): answered like the server's own failures, so the page stays.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs): Promise<ActionResult> {
  const intent = parseCommunityIntent((await request.clone().formData()).get("intent")) ?? "vote";
  try {
    return (await serverAction()) as ActionResult;
  } catch {
    return { ok: false, form: intent, code: "internal", formError: failedText(intent) };
  }
}

/**
 * A failed action changed nothing: keep the page instead of reloading it. Opening or closing a
 * comment's edit box (?edit=) changes nothing either.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (isRefusal(actionResult)) return false;
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && onlyEditParamChanged(currentUrl, nextUrl))
    return false;
  return defaultShouldRevalidate;
};

function onlyEditParamChanged(current: URL, next: URL) {
  const withoutEdit = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete(EDIT_COMMENT_PARAM);
    return params.toString();
  };
  return current.search !== next.search && withoutEdit(current) === withoutEdit(next);
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  const siteUrl = siteUrlFromMatches(matches);
  // The head says what the page says: a missing tool, or the spec's 'Error' alert.
  if (!loaderData) return errorPageMeta(matches, error, TOOL_ERROR_TEXTS);
  const { tool } = loaderData;
  const description = describe(tool.descriptionHtml);
  const path = `/tool/${tool.slug}`;
  const tags = seoMeta({
    siteName,
    title: `${tool.name} AI Tool Details`,
    description,
    path,
    siteUrl,
    image: ogImage({ kind: "tool", siteName, tool }),
    jsonLd: [
      // Review items only from real votes with words, as the page lists them (never a hidden one).
      softwareApplicationJsonLd(
        siteUrl,
        { ...tool, description },
        loaderData.reviews
          .filter((review) => !review.hidden)
          .map((review) => ({ ...review, authorName: review.authorName ?? "Anonymous" })),
      ),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: tool.category, path: `/category/${encodeURIComponent(tool.category)}` },
        { name: tool.name, path },
      ]),
    ],
  });
  // Its Markdown twin, for language models.
  tags.push({ tagName: "link", rel: "alternate", type: "text/markdown", href: `${path}.md` });
  return tags;
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

/** The outcome of an action posted without JavaScript (with it, toasts say the same). */
function ActionNotice({ intent, result }: { intent: CommunityIntent; result: ActionResult }) {
  return (
    <Alert variant={result.ok ? "default" : "destructive"} className="mt-3 p-3">
      <AlertDescription>{result.ok ? successToast(intent).title : result.formError}</AlertDescription>
    </Alert>
  );
}

export default function ToolDetail({ loaderData, actionData }: Route.ComponentProps) {
  const {
    tool,
    comments,
    tags,
    saves,
    following,
    myRating,
    myReview,
    signedIn,
    canEdit,
    history,
    linkCheck,
    facts,
    claimed,
    viewerIsMaker,
  } = loaderData;
  // Present only after a post without JavaScript; fetchers keep their own results. A refusal is a
  // response, which the generated type leaves out.
  const pageResult = actionData as ActionResult | undefined;
  const pageIntent = pageResult ? answeredIntent(pageResult) : null;
  const [reloadingComments, setReloadingComments] = useState(false);
  const onReloading = useCallback((reloading: boolean) => setReloadingComments(reloading), []);
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
        {canEdit && (
          <ButtonLink to={`/admin/tools/${tool.id}`} variant="outline" size="sm" className="ml-auto">
            <Pencil aria-hidden="true" className="h-4 w-4" />
            Edit Tool
          </ButtonLink>
        )}
      </nav>

      {tool.discontinuedAt && <DiscontinuedBanner name={tool.name} since={tool.discontinuedAt} />}

      {/* The header band: who the tool is, what it costs, how it is rated, and the way to it. */}
      <header className="flex flex-col gap-6 rounded-2xl border border-slate-200 bg-slate-50 p-6 md:flex-row md:items-start dark:border-slate-800 dark:bg-slate-900/60">
        <ToolLogo name={tool.name} image={tool.image} size={128} className="rounded-2xl" />
        <div className="flex-1 space-y-3">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">{tool.name}</h1>
          {tool.tagline && <p className="text-lg text-slate-700 dark:text-slate-300">{tool.tagline}</p>}
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/category/${encodeURIComponent(tool.category)}`}>
              <Badge>{tool.category}</Badge>
            </Link>
            {tool.pricingModel && <PricingBadge model={tool.pricingModel} startingPrice={tool.startingPrice} />}
            {claimed && <MakerBadge title="This listing is kept by its verified maker" />}
            {tool.pros.slice(0, 3).map((pro) => (
              <Badge key={pro} variant="outline">
                {pro}
              </Badge>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <RatingSummary rating={tool.rating} voteCount={tool.voteCount} />
            <SaveToggle tool={tool} saved={saves.saved} signedIn={signedIn} variant="page" />
            <FollowButton target={{ kind: "tool", id: tool.id, name: tool.name }} following={following} />
            <CompareToggle tool={{ slug: tool.slug, name: tool.name }} />
            <span className="text-sm text-slate-600 dark:text-slate-400">{savedByText(saves.count)}</span>
          </div>
          {tags.length > 0 && <TagLinks tags={tags} label="Tags" />}
          {tool.website && (
            <div>
              <a
                href={tool.websiteLink ?? tool.website}
                ping={websiteClickPing(tool.id)}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={buttonClasses({ variant: "default" })}
              >
                Visit website
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          )}
          <Freshness updatedAt={tool.updatedAt} linkCheck={tool.website ? linkCheck : null} />
          <ReportProblem signedIn={signedIn} toolName={tool.name} />
          <p className="text-sm">
            {viewerIsMaker || canEdit ? (
              <Link
                to={makerPath(tool.slug)}
                className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
              >
                {viewerIsMaker ? "Your listing: figures and proposed edits" : "The listing's figures"}
              </Link>
            ) : (
              <Link to={claimPath(tool.slug)} className="text-slate-600 hover:underline dark:text-slate-400">
                {CLAIM_LINK_TEXT}
              </Link>
            )}
          </p>
          {pageResult && pageIntent === "report-listing" && <ActionNotice intent={pageIntent} result={pageResult} />}
        </div>
        <section
          aria-labelledby="rate-heading"
          className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-950"
        >
          <h2 id="rate-heading" className="mb-2 text-sm font-semibold">
            Rate this tool
          </h2>
          <VoteStars toolName={tool.name} myRating={myRating} myReview={myReview} signedIn={signedIn} />
          {pageResult && pageIntent === "vote" && <ActionNotice intent={pageIntent} result={pageResult} />}
        </section>
      </header>

      <section aria-labelledby="about-heading" className="space-y-3">
        <h2 id="about-heading" className="text-xl font-semibold">
          About {tool.name}
        </h2>
        <HtmlContent html={tool.descriptionHtml} />
      </section>

      {/* Features beside pros and cons, then the plans across the page: no card beside a tall one leaves a gap. */}
      <div className="grid gap-6 md:grid-cols-2">
        <ListCard title="Features" items={tool.features} empty="No features listed yet." />
        <div className="grid content-start gap-6">
          <ListCard title="Pros" items={tool.pros} empty="No pros listed yet." />
          <ListCard title="Cons" items={tool.cons} empty="No cons listed yet." />
        </div>
        <Card className="md:col-span-2">
          <CardHeader>
            <CardTitle>Pricing</CardTitle>
          </CardHeader>
          <CardContent>
            <PricingList pricing={tool.pricing} layout="grid" />
          </CardContent>
        </Card>
      </div>

      <section aria-labelledby="facts-heading" className="space-y-3">
        <h2 id="facts-heading" className="text-xl font-semibold">
          Facts
        </h2>
        <ToolFactList facts={facts} />
      </section>

      <section aria-labelledby="history-heading" className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="history-heading" className="text-xl font-semibold">
            History
          </h2>
          <Link to="/changes" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            All recent changes
          </Link>
        </div>
        {history.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No changes recorded since this page was added.</p>
        ) : (
          <ChangeList entries={history} />
        )}
      </section>

      <ToolReviews
        distribution={loaderData.ratings.distribution}
        reviewCount={loaderData.ratings.reviewCount}
        reviews={loaderData.reviews}
        sort={loaderData.reviewSort}
        signedIn={signedIn}
        viewerIsAdmin={canEdit}
      />
      {pageResult && pageIntent && isReviewIntent(pageIntent) && (
        <ActionNotice intent={pageIntent} result={pageResult} />
      )}
      <RelatedArticles articles={loaderData.relatedArticles} />

      <section aria-labelledby="comments-heading" className="space-y-4">
        {/* Focusable by script: it takes the focus from a comment just deleted. */}
        <h2 id="comments-heading" tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          Comments
        </h2>
        <CommentForm signedIn={signedIn} onReloading={onReloading} />
        {pageResult &&
          pageIntent &&
          pageIntent !== "vote" &&
          pageIntent !== "report-listing" &&
          !isReviewIntent(pageIntent) && <ActionNotice intent={pageIntent} result={pageResult} />}
        <p aria-live="polite" className="min-h-5 text-sm text-slate-600 dark:text-slate-400">
          {reloadingComments ? "Loading comments..." : ""}
        </p>
        <CommentList comments={comments} signedIn={signedIn} viewerIsAdmin={canEdit} />
      </section>

      <AlternativesBlock key={tool.id} name={tool.name} slug={tool.slug} alternatives={loaderData.alternatives} />
    </article>
  );
}

/** The page keeps the last known facts of a tool that is no more; the banner says so first. */
function DiscontinuedBanner({ name, since }: { name: string; since: Date }) {
  const at = new Date(since).toISOString();
  return (
    <Alert
      role="note"
      className="border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      {/* Not a heading: it comes before the page's h1, and a heading there would break their order. */}
      <p className="mb-1 flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="h-5 w-5" />
        Discontinued
      </p>
      <AlertDescription>
        {name} was marked discontinued on <time dateTime={at}>{formatDate(at)}</time>. This page keeps its last known
        details.
      </AlertDescription>
    </Alert>
  );
}

/** When the facts last changed and how the website answered its latest check, for every visitor. */
function Freshness({
  updatedAt,
  linkCheck,
}: {
  updatedAt: Date;
  linkCheck: { checkedAt: Date; status: "ok" | "failing"; failingSince: Date | null } | null;
}) {
  const updated = new Date(updatedAt).toISOString();
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
      <li>
        Last updated <time dateTime={updated}>{formatDate(updated)}</time>
      </li>
      {linkCheck && (
        <li>
          Website checked{" "}
          {/* Relative to the moment of rendering: a cached page and the browser may differ by a minute. */}
          <time dateTime={new Date(linkCheck.checkedAt).toISOString()} suppressHydrationWarning>
            {timeAgo(linkCheck.checkedAt)}
          </time>
        </li>
      )}
      {linkCheck?.status === "failing" && linkCheck.failingSince && (
        <li className="font-medium text-red-700 dark:text-red-300">
          Website unreachable since{" "}
          <time dateTime={new Date(linkCheck.failingSince).toISOString()}>
            {formatDate(new Date(linkCheck.failingSince).toISOString())}
          </time>
        </li>
      )}
    </ul>
  );
}

/** The tool's best few alternatives, each with why, and the way to all of them. */
function AlternativesBlock({
  name,
  slug,
  alternatives,
}: {
  name: string;
  slug: string;
  alternatives: { tool: ToolCardData; reason: string }[];
}) {
  return (
    <section aria-labelledby="alternatives-heading" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="alternatives-heading" className="text-xl font-semibold">
          Alternatives to {name}
        </h2>
        {alternatives.length > 0 && (
          <Link
            to={alternativesPath(slug)}
            className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
          >
            See all {name} alternatives
          </Link>
        )}
      </div>
      {alternatives.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">
          No other tool in the directory does the same job yet. Browse the{" "}
          <Link to="/" className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
            whole directory
          </Link>{" "}
          instead.
        </p>
      ) : (
        <ToolGrid
          tools={alternatives.map((alternative) => alternative.tool)}
          notes={new Map(alternatives.map((alternative) => [alternative.tool.id, alternative.reason]))}
        />
      )}
      {/* Works without JavaScript: the address /compare?tools={this}&tools={typed} is the comparison. */}
      <form method="get" action="/compare" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="tools" value={slug} />
        <div className="space-y-1">
          <label htmlFor="compare-with" className="text-sm font-medium">
            Compare {name} with
          </label>
          <Input
            id="compare-with"
            name="tools"
            required
            maxLength={200}
            list="compare-with-suggestions"
            placeholder="Another tool's name"
            className="w-64"
          />
          <datalist id="compare-with-suggestions">
            {alternatives.map((alternative) => (
              <option key={alternative.tool.id} value={alternative.tool.name} />
            ))}
          </datalist>
        </div>
        <Button type="submit" variant="outline">
          Compare
        </Button>
      </form>
    </section>
  );
}

const TOOL_ERROR_TEXTS: ErrorTexts = {
  404: { title: "Tool not found", message: "The tool you are looking for is not in the directory." },
  // Spec section 8: an alert titled 'Error'; the answer's own message ('Failed to fetch tool
  // details' for a failed lookup), else 'Failed to load tool details'.
  server: { title: "Error", message: "Failed to load tool details" },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} texts={TOOL_ERROR_TEXTS} />;
}

/** The alternatives a page shows, named in its cache tags: each card's rating and name are theirs. */
function tagged<List extends { tool: { id: string } }[]>(
  context: Route.LoaderArgs["context"],
  alternatives: List,
): List {
  tagPage(context, ...alternatives.map((alternative) => toolTag(alternative.tool.id)));
  return alternatives;
}
