import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/tag";
import { FollowButton } from "~/components/follow-button";
import { BackToHomepage } from "~/components/back-to-homepage";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { toolCountText, ToolListControls } from "~/components/tool-filters";
import { ToolGrid } from "~/components/tool-card";
import { ButtonLink } from "~/components/ui/button";
import { AppError } from "~/lib/app-error";
import { TOOLS_PAGE_SIZE } from "~/lib/limits";
import { ogImage } from "~/lib/og-image";
import { errorPageMeta, seoMeta, siteUrlFromMatches } from "~/lib/seo";
import { siteNameFromMatches } from "~/lib/site";
import { breadcrumbJsonLd, collectionPageJsonLd } from "~/lib/structured-data";
import {
  describeToolList,
  effectiveSort,
  hiddenFilterFields,
  isFiltered,
  isIndexedView,
  parseToolFilters,
  toolFiltersSearch,
} from "~/lib/tool-filters";
import { findTagBySlug } from "~/server/catalog/tags.server";
import { cachedTagsInUse } from "~/server/cache/shared-answers.server";
import { countFactFilters } from "~/server/catalog/fact-counts.server";
import { noteSearch } from "~/server/search/search-log.server";
import { listTools, searchPlanFor } from "~/server/catalog/tools.server";
import { savedIdsForViewer } from "~/server/community/saved-tools.server";
import { followingForViewer } from "~/server/follows/follows.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { tagPage, tagTag, TOOL_LIST_TAG, toolTag } from "~/server/cache/page-tags.server";

const TAG_NOT_FOUND = "Tag not found";

/** A tag's page: its tools, best rated first, with the same filters as home. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tag = await findTagBySlug({ db: context.db, slug: params.slug });
  if (!tag) throw toErrorResponse(new AppError("not-found", TAG_NOT_FOUND));
  // Found regardless of case; one address per tag (decision 105).
  if (params.slug !== tag.slug)
    throw redirect(`/tag/${encodeURIComponent(tag.slug)}${new URL(request.url).search}`, 301);
  // The page's own tag is implied by its address; the query string holds only the others.
  const parsed = parseToolFilters(new URL(request.url).searchParams);
  const filters = { ...parsed, tags: parsed.tags.filter((slug) => slug !== tag.slug) };
  const sort = effectiveSort(filters, "top-rated");
  const withTag = { ...filters, tags: [tag.slug, ...filters.tags] };
  const plan = searchPlanFor(context.db, filters.query);
  const [toolPage, factCounts, tagsInUse] = await Promise.all([
    listTools({ db: context.db, filters: withTag, order: sort, plan }),
    countFactFilters({ db: context.db, filters: withTag, plan }),
    cachedTagsInUse(context),
  ]);
  if (filters.page > toolPage.pageCount) throw toErrorResponse(new AppError("not-found", "There is no such page"));
  noteSearch(context, request, { query: filters.query, page: filters.page, total: toolPage.total });
  const toolIds = toolPage.tools.map((tool) => tool.id);
  // The tags in use (the filters) follow the whole catalogue.
  tagPage(context, tagTag(tag.slug), TOOL_LIST_TAG, ...toolIds.map(toolTag));
  // Read only for a member: a visitor's page stays everyone's (decisions 062 and 180).
  const [savedIds, following] = await Promise.all([
    savedIdsForViewer({ db: context.db, viewer: context.viewer, toolIds }),
    followingForViewer({ db: context.db, viewer: context.viewer, kind: "tag", target: tag.id }),
  ]);
  return { tag, filters, sort, toolPage, factCounts, tagsInUse, savedIds, following };
}

const tagPath = (slug: string) => `/tag/${slug}`;

function tagDescription(name: string, description: string | null, total: number) {
  return description?.trim()
    ? description.trim()
    : `Compare ${total} AI tools tagged ${name}, with ratings, pricing, features, pros and cons.`;
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  if (!loaderData) return errorPageMeta(matches, error, { 404: { title: TAG_NOT_FOUND } });
  const siteUrl = siteUrlFromMatches(matches);
  const { tag, toolPage, filters } = loaderData;
  // A text search is not a page of its own: its canonical is the view without the text.
  const canonical = toolFiltersSearch({ ...filters, query: "" });
  const path = `${tagPath(tag.slug)}${canonical ? `?${canonical}` : ""}`;
  const description = tagDescription(tag.name, tag.description, toolPage.total);
  return seoMeta({
    siteName,
    title: `${tag.name} AI Tools | ${siteName}`,
    description,
    path,
    siteUrl,
    image: ogImage({ kind: "tag", siteName, tag }),
    // The tag's pages are indexed, each its own canonical; filtered or reordered views name
    // themselves and are followed only (decision 101).
    noindex: isIndexedView(filters) ? false : "follow",
    jsonLd: [
      collectionPageJsonLd(siteUrl, {
        name: `${tag.name} AI Tools`,
        description,
        path,
        items: toolPage.tools,
        offset: (toolPage.page - 1) * TOOLS_PAGE_SIZE,
      }),
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: tag.name, path: tagPath(tag.slug) },
      ]),
    ],
  });
}

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, filters, sort, toolPage, factCounts, tagsInUse, savedIds, following } = loaderData;
  const path = tagPath(tag.slug);
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === path;
  const tagNames = new Map(tagsInUse.map((used) => [used.slug, used.name]));
  const heading = isFiltered(filters)
    ? describeToolList({
        filters,
        category: filters.category,
        tagNames: [tag.name, ...filters.tags.map((slug) => tagNames.get(slug) ?? slug)],
      })
    : `${tag.name} AI Tools`;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-10 sm:px-6">
      <BackToHomepage />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{heading}</h1>
            <FollowButton target={{ kind: "tag", id: tag.id, name: tag.name }} following={following} />
          </div>
          {tag.description && <p className="max-w-3xl text-slate-700 dark:text-slate-300">{tag.description}</p>}
        </div>
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {toolCountText(toolPage.total, toolPage.totalCapped)}
        </p>
      </div>
      <div className="max-w-md">
        <SearchForm
          action={path}
          query={filters.query}
          placeholder="Search tools..."
          label={`Search ${tag.name} tools`}
          hidden={hiddenFilterFields(filters)}
        />
      </div>
      <ToolListControls
        path={path}
        filters={filters}
        sort={sort}
        offeredTags={tagsInUse}
        fixedTag={tag.slug}
        showClear={toolPage.tools.length > 0}
        understanding={toolPage.understanding}
        factCounts={factCounts}
      />
      <section
        aria-labelledby="tag-tools-heading"
        aria-busy={updating}
        className={updating ? "opacity-60 transition-opacity" : undefined}
      >
        {/* The cards are h3s: this keeps the outline h1, h2, h3 without showing the h1's words twice. */}
        <h2 id="tag-tools-heading" className="sr-only">
          {tag.name} tools
        </h2>
        {toolPage.tools.length === 0 ? (
          <div className="space-y-4 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
            <p className="text-slate-700 dark:text-slate-300">No tools found matching your criteria.</p>
            {isFiltered(filters) && (
              <ButtonLink to={path} variant="outline">
                Clear filters
              </ButtonLink>
            )}
          </div>
        ) : (
          <ToolGrid tools={toolPage.tools} savedIds={savedIds} />
        )}
        <Pagination page={toolPage.page} pageCount={toolPage.pageCount} label={`${tag.name} tool pages`} />
      </section>
    </div>
  );
}
