import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/compare";
import { ComparedFactCell } from "~/components/compared-fact";
import { PricingBadge } from "~/components/pricing-badge";
import { TagLinks } from "~/components/tag-links";
import { RatingSummary } from "~/components/rating-summary";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { ToolLogo } from "~/components/tool-logo";
import { Alert, AlertDescription, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { AppError } from "~/lib/app-error";
import { cn } from "~/lib/cn";
import {
  COMPARE_MESSAGES,
  compareDescription,
  comparePath,
  compareRows,
  compareTitle,
  listNames,
  MAX_COMPARED_TOOLS,
  MIN_COMPARED_TOOLS,
  parseCompareList,
  type ComparedTool,
  type CompareRowKey,
} from "~/lib/compare";
import { websiteClickPing } from "~/lib/outbound-link";
import { pricingToPlans } from "~/lib/pricing";
import { errorPageMeta, seoMeta, siteUrlFromMatches } from "~/lib/seo";
import type { ErrorTexts } from "~/lib/error-page-text";
import { siteNameFromMatches } from "~/lib/site";
import { breadcrumbJsonLd } from "~/lib/structured-data";
import { findComparedPair, findComparedTools } from "~/server/catalog/compare.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { withOutboundLinks } from "~/server/traffic/outbound-links.server";
import { tagPage, toolTag } from "~/server/cache/page-tags.server";

/**
 * /compare/{a}-vs-{b}: two tools side by side, at one address per pair (decision 059).
 * /compare?tools=a,b,c,d: three or four; two move to their pair address. A list that cannot be
 * compared gets this page with an explanation and a form, never an error page.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (params.pair !== undefined) {
    const pair = await findComparedPair({ db: context.db, segment: params.pair });
    if (!pair) throw toErrorResponse(new AppError("not-found", COMPARE_MESSAGES.pairNotFound));
    // The other order, capitals or a trailing slash: one address per pair.
    if (url.pathname !== pair.path) throw redirect(`${pair.path}${url.search}`, 301);
    tagPage(context, ...pair.tools.map((tool) => toolTag(tool.id)));
    return { view: "comparison" as const, tools: withOutboundLinks(pair.tools), path: pair.path };
  }

  const list = parseCompareList(url.searchParams);
  if (list.problem) {
    return data(
      { view: "problem" as const, problem: list.problem, slugs: list.slugs, missing: [], found: [] },
      // The bare address is the page's own start (a form), not a mistake.
      { status: list.problem === "none-given" ? 200 : 400 },
    );
  }
  const lookup = await findComparedTools({ db: context.db, slugs: list.slugs });
  if (lookup.status === "missing") {
    const { missing, found } = lookup;
    return data(
      { view: "problem" as const, problem: "unknown" as const, slugs: list.slugs, missing, found },
      { status: 404 },
    );
  }
  const path = comparePath(lookup.tools.map((tool) => tool.slug));
  if (lookup.tools.length === 2) {
    const rest = new URLSearchParams(url.searchParams);
    rest.delete("tools");
    throw redirect(`${path}${rest.size > 0 ? `?${rest}` : ""}`, 301);
  }
  tagPage(context, ...lookup.tools.map((tool) => toolTag(tool.id)));
  return { view: "comparison" as const, tools: withOutboundLinks(lookup.tools), path };
}

export function meta({ loaderData, matches, error }: Route.MetaArgs) {
  const siteName = siteNameFromMatches(matches);
  const siteUrl = siteUrlFromMatches(matches);
  if (!loaderData) return errorPageMeta(matches, error, COMPARE_ERROR_TEXTS);
  if (loaderData.view === "problem") {
    return seoMeta({
      siteName,
      title: `Compare AI Tools | ${siteName}`,
      description: COMPARE_MESSAGES.noneGiven,
      path: "/compare",
      siteUrl,
      noindex: "follow",
    });
  }
  const names = loaderData.tools.map((tool) => tool.name);
  const title = compareTitle(names);
  return seoMeta({
    siteName,
    title,
    description: compareDescription(names),
    path: loaderData.path,
    siteUrl,
    // A pair is a page people search for; larger sets are many near-duplicates of the pairs.
    noindex: loaderData.tools.length > 2 ? "follow" : false,
    jsonLd: [
      breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: "/" },
        { name: names.join(" vs "), path: loaderData.path },
      ]),
    ],
  });
}

const muted = "text-slate-600 dark:text-slate-400";

function NotStated() {
  return <span className={muted}>Not stated</span>;
}

function TextList({ items }: { items: readonly string[] }) {
  if (items.length === 0) return <NotStated />;
  return (
    <ul className="list-disc space-y-1 pl-4">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** One cell's content: what the tool page shows, compact enough for a column. */
function cellContent(key: CompareRowKey, tool: ComparedTool): ReactNode {
  switch (key) {
    case "tagline":
      return tool.tagline ?? <NotStated />;
    case "category":
      return (
        <Link to={`/category/${encodeURIComponent(tool.category)}`} className="underline-offset-2 hover:underline">
          {tool.category}
        </Link>
      );
    case "rating":
      return <RatingSummary rating={tool.rating} voteCount={tool.voteCount} />;
    case "pricing":
      if (tool.pricingModel) return <PricingBadge model={tool.pricingModel} startingPrice={tool.startingPrice} />;
      return tool.startingPrice ?? <NotStated />;
    case "plans": {
      const plans = pricingToPlans(tool.pricing);
      if (plans.length === 0) return <NotStated />;
      return (
        <ul className="space-y-2">
          {plans.map((plan) => (
            <li key={plan.plan}>
              <span className="font-semibold">{plan.plan}</span>: {plan.price}
              {plan.details && <span className={cn("block text-xs", muted)}>{plan.details}</span>}
              {plan.features && plan.features.length > 0 && (
                <span className={cn("block text-xs", muted)}>{plan.features.join(", ")}</span>
              )}
            </li>
          ))}
        </ul>
      );
    }
    case "features":
      return <TextList items={tool.features} />;
    case "pros":
      return <TextList items={tool.pros} />;
    case "cons":
      return <TextList items={tool.cons} />;
    case "tags":
      if (tool.tags.length === 0) return <NotStated />;
      return <TagLinks tags={tool.tags} label={`${tool.name} tags`} compact />;
    case "free_plan":
    case "api":
    case "open_source":
    case "self_hostable":
    case "platforms":
    case "trains_on_your_data":
    case "certifications":
      return <ComparedFactCell name={key} fact={tool.facts[key]} />;
    case "website":
      if (!tool.website) return <NotStated />;
      return (
        <a
          href={tool.website}
          ping={websiteClickPing(tool.id)}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="inline-flex items-center gap-1 font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          Visit {tool.name}
          <ExternalLink aria-hidden="true" className="h-3.5 w-3.5" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      );
  }
}

/**
 * The first column stays in view while the table scrolls sideways, so it needs an opaque
 * background: the page's own, or the shade of a row where the tools differ.
 */
const stickyColumn = "sticky left-0 z-10";
const sameBackground = "bg-white dark:bg-slate-950";
const differsBackground = "bg-amber-50 dark:bg-slate-900";

/** Room for each tool's column beside the labels; a pair has no minimum on a phone (two columns). */
const TABLE_MIN_WIDTH: Record<number, string> = {
  2: "sm:min-w-[32rem]",
  3: "min-w-[44rem]",
  4: "min-w-[56rem]",
};

/**
 * The tools' names head the columns and stay in view while a long table scrolls by: below the
 * site's sticky header (two rows on a phone, one from sm). Inside a sideways-scrolling table
 * (three or four tools on a phone) they scroll with it instead.
 */
const pinnedHead = "sticky top-[6.75rem] z-20 sm:top-16";

function Comparison({ tools }: { tools: ComparedTool[] }) {
  const names = tools.map((tool) => tool.name);
  const pair = tools.length === 2;
  const rows = compareRows(tools);
  const differing = rows.filter((row) => row.differs).length;
  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
      <nav aria-label="Breadcrumb">
        <ol className={cn("flex flex-wrap items-center gap-2 text-sm", muted)}>
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/compare" className="hover:underline">
              Compare
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{names.join(" vs ")}</li>
        </ol>
      </nav>
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {names.join(" vs ")}
        </h1>
        <p className="max-w-3xl text-slate-700 dark:text-slate-300">{compareDescription(names)}</p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {differing === 0 ? (
            "They are alike in every row below."
          ) : (
            <>
              They differ in {differing} of {rows.length} rows, each marked <DiffersMarker /> and shaded.
            </>
          )}
        </p>
      </header>
      <div
        role="region"
        aria-labelledby="comparison-caption"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll container must take the focus, or a keyboard cannot scroll the table sideways on a narrow screen (axe: scrollable-region-focusable)
        tabIndex={0}
        // Positioned, so what is absolutely placed inside (screen-reader-only text) scrolls with the
        // table instead of widening the page.
        className={cn(
          "relative max-w-full rounded-xl border border-slate-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-800",
          // A pair fits a phone in two columns, so the page itself scrolls and the names stay pinned
          // under the header; three or four tools scroll sideways in here (decision 168).
          pair ? "sm:overflow-x-auto" : "overflow-x-auto",
        )}
      >
        <table
          className={cn(
            "w-full border-collapse text-left align-top text-sm text-slate-800 dark:text-slate-200",
            TABLE_MIN_WIDTH[tools.length] ?? TABLE_MIN_WIDTH[4],
            // On a phone a pair's two columns share what the labels leave, whatever their words.
            pair && "table-fixed sm:table-auto",
          )}
        >
          <caption id="comparison-caption" className="sr-only">
            {listNames(names)} compared
          </caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <td className={cn(stickyColumn, sameBackground, "w-24 sm:w-40", pair && pinnedHead, pair && "z-30")} />
              {tools.map((tool) => (
                <th
                  key={tool.slug}
                  scope="col"
                  className={cn(
                    "p-2 align-top font-normal sm:p-3",
                    pair && cn(pinnedHead, sameBackground, "shadow-[0_1px_0_0] shadow-slate-200 dark:shadow-slate-800"),
                  )}
                >
                  <div className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-3">
                    <ToolLogo name={tool.name} image={tool.image} size={40} decorative />
                    <Link
                      to={`/tool/${tool.slug}`}
                      className="text-base font-semibold break-words text-slate-900 underline-offset-2 hover:underline dark:text-white"
                    >
                      {tool.name}
                    </Link>
                  </div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={row.key}
                data-differs={row.differs || undefined}
                className={cn(
                  "border-b border-slate-200 last:border-b-0 dark:border-slate-800",
                  row.differs && differsBackground,
                )}
              >
                <th
                  scope="row"
                  className={cn(
                    stickyColumn,
                    "border-l-4 p-2 align-top font-semibold break-words text-slate-900 sm:p-3 dark:text-white",
                    row.differs
                      ? cn(differsBackground, "border-l-amber-500")
                      : cn(sameBackground, "border-l-transparent"),
                  )}
                >
                  <span className="block">{row.label}</span>
                  {row.differs && <DiffersMarker />}
                </th>
                {tools.map((tool) => (
                  <td key={tool.slug} className="p-2 align-top break-words sm:p-3">
                    {cellContent(row.key, tool)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Where tools differ: a word, not only a shade. */
function DiffersMarker() {
  return (
    <span className="mt-1 inline-flex rounded-full border border-amber-600 bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-500 dark:bg-amber-950 dark:text-amber-200">
      Differs
    </span>
  );
}

type ProblemData = {
  problem: "none-given" | "too-few" | "too-many" | "unknown";
  slugs: string[];
  missing: string[];
  found: { slug: string; name: string }[];
};

function problemMessage({ problem, missing }: ProblemData): string | null {
  switch (problem) {
    case "none-given":
      return null;
    case "too-few":
      return COMPARE_MESSAGES.tooFew;
    case "too-many":
      return COMPARE_MESSAGES.tooMany;
    case "unknown":
      return `${COMPARE_MESSAGES.unknown} ${missing.map((slug) => `“${slug}”`).join(", ")}.`;
  }
}

/** The bare /compare, or a list that cannot be compared: what went wrong, and a form to try again. */
function CompareStart(props: ProblemData) {
  const message = problemMessage(props);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Compare AI tools</h1>
      <p className="text-slate-700 dark:text-slate-300">
        {COMPARE_MESSAGES.noneGiven} You see their ratings, pricing, plans, features, pros and cons in one table.
      </p>
      {message && (
        <Alert variant="destructive">
          <AlertTitle>We could not compare these tools</AlertTitle>
          <AlertDescription>{message}</AlertDescription>
        </Alert>
      )}
      {props.found.length > 0 && (
        <div className="space-y-2">
          <h2 className="text-lg font-semibold">Found in the directory</h2>
          <ul className="list-disc pl-5">
            {props.found.map((tool) => (
              <li key={tool.slug}>
                <Link to={`/tool/${tool.slug}`} className="text-indigo-700 hover:underline dark:text-indigo-300">
                  {tool.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form method="get" action="/compare" className="space-y-3">
        <Label htmlFor="compare-tools">Tools to compare</Label>
        <Input
          id="compare-tools"
          name="tools"
          defaultValue={props.slugs.join(", ")}
          aria-describedby="compare-tools-hint"
          autoComplete="off"
        />
        <p id="compare-tools-hint" className={cn("text-sm", muted)}>
          {MIN_COMPARED_TOOLS} to {MAX_COMPARED_TOOLS} tool names, separated by commas, for example: ChatGPT, Claude
        </p>
        <Button type="submit">Compare</Button>
      </Form>
    </div>
  );
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.view === "problem") return <CompareStart {...loaderData} />;
  return <Comparison tools={loaderData.tools} />;
}

const COMPARE_ERROR_TEXTS: ErrorTexts = {
  404: { title: "Comparison not found", message: COMPARE_MESSAGES.pairNotFound },
  server: { message: "Failed to load the comparison" },
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} texts={COMPARE_ERROR_TEXTS} />;
}
