import {
  ArrowLeft,
  FileText,
  Flag,
  Image,
  Inbox,
  PenLine,
  Plus,
  Search,
  SearchX,
  Sparkles,
  Type,
  Wrench,
} from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TimeAgo } from "~/components/time-ago";
import { cn } from "~/lib/cn";
import { formatCount } from "~/lib/format";
import {
  countCatalogue,
  countFlaggedForReview,
  countInbox,
  countPendingProposals,
  countToolGaps,
  listRecentActivity,
} from "~/server/admin/overview.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readSearchReport, type SearchCount } from "~/server/search/search-report.server";
import { adminPageMeta } from "~/lib/seo";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  // This process's searches of the last minute are written first, so the lists include them.
  await context.searchLog.flush();
  const [counts, flaggedForReview, inbox, pendingProposals, gaps, activity, searches] = await Promise.all([
    countCatalogue({ db: context.db }),
    countFlaggedForReview({ db: context.db }),
    countInbox({ db: context.db }),
    countPendingProposals({ db: context.db }),
    countToolGaps({ db: context.db }),
    listRecentActivity({ db: context.db }),
    readSearchReport({ db: context.db }),
  ]);
  return { ...counts, flaggedForReview, inbox, pendingProposals, ...gaps, activity, searches };
}

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "Dashboard");

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { tools, publishedArticles, draftArticles, flaggedForReview, inbox, activity, searches } = loaderData;
  const { missingTagline, missingLogo, pendingProposals } = loaderData;
  const toFix: AttentionItem[] = [
    {
      id: "missing-tagline",
      count: missingTagline,
      text: missingTagline === 1 ? "tool missing a tagline" : "tools missing a tagline",
      to: "/admin/tools?missing=tagline",
      icon: Type,
    },
    {
      id: "missing-logo",
      count: missingLogo,
      text: missingLogo === 1 ? "tool missing a logo" : "tools missing a logo",
      to: "/admin/tools?missing=logo",
      icon: Image,
    },
    {
      id: "draft-articles",
      count: draftArticles,
      text: draftArticles === 1 ? "draft article" : "draft articles",
      to: "/admin/articles?status=draft",
      icon: PenLine,
    },
    {
      id: "pending-submissions",
      count: inbox.submissions,
      text: inbox.submissions === 1 ? "submitted tool to review" : "submitted tools to review",
      to: "/admin/inbox",
      icon: Inbox,
    },
    {
      id: "open-reports",
      count: inbox.reportedComments + inbox.reportedListings + inbox.reportedReviews,
      text:
        inbox.reportedComments + inbox.reportedListings + inbox.reportedReviews === 1 ? "open report" : "open reports",
      to: "/admin/inbox",
      icon: Flag,
    },
    {
      id: "open-proposals",
      count: pendingProposals,
      text: pendingProposals === 1 ? "AI proposal to review" : "AI proposals to review",
      to: "/admin/proposals",
      icon: Sparkles,
    },
  ];
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>

      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base font-medium text-slate-600 dark:text-slate-400">
              <Wrench aria-hidden="true" className="h-4 w-4" />
              AI tools in database
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-4xl font-bold" data-testid="tool-count">
              {formatCount(tools)}
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base font-medium text-slate-600 dark:text-slate-400">
              <FileText aria-hidden="true" className="h-4 w-4" />
              Articles published
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-4xl font-bold" data-testid="article-count">
              {formatCount(publishedArticles)}
            </p>
            {draftArticles > 0 && (
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {formatCount(draftArticles)} {draftArticles === 1 ? "draft" : "drafts"} not yet published
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base font-medium text-slate-600 dark:text-slate-400">
              <Flag aria-hidden="true" className="h-4 w-4" />
              Flagged for review
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-4xl font-bold" data-testid="flagged-count">
              {formatCount(flaggedForReview)}
            </p>
            <p className="mt-1 text-sm">
              <Link to="/admin/tools?flagged=1" className="text-indigo-700 hover:underline dark:text-indigo-300">
                {flaggedForReview === 1
                  ? "1 tool whose website keeps failing"
                  : `${formatCount(flaggedForReview)} tools whose website keeps failing`}
              </Link>
            </p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base font-medium text-slate-600 dark:text-slate-400">
              <Inbox aria-hidden="true" className="h-4 w-4" />
              Waiting in the inbox
            </CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-4xl font-bold" data-testid="inbox-count">
              {formatCount(inbox.total)}
            </p>
            <ul className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              <li data-testid="inbox-submissions">{plural(inbox.submissions, "submitted tool", "submitted tools")}</li>
              <li data-testid="inbox-comments">
                {plural(inbox.reportedComments, "reported comment", "reported comments")}
              </li>
              <li data-testid="inbox-listings">
                {plural(inbox.reportedListings, "reported listing", "reported listings")}
              </li>
              <li data-testid="inbox-reviews">
                {plural(inbox.reportedReviews, "reported review", "reported reviews")}
              </li>
            </ul>
            <p className="mt-1 text-sm">
              <Link to="/admin/inbox" className="text-indigo-700 hover:underline dark:text-indigo-300">
                Open the inbox
              </Link>
            </p>
          </CardContent>
        </Card>
      </section>

      <section aria-labelledby="to-fix-heading" className="space-y-3">
        <h2 id="to-fix-heading" className="text-xl font-semibold">
          Needs attention
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {toFix.map((item) => (
            <li key={item.id}>
              <AttentionLink item={item} />
            </li>
          ))}
        </ul>
      </section>

      <nav aria-label="Shortcuts" className="flex flex-wrap gap-3">
        <ButtonLink to="/admin/tools" variant="outline">
          <Wrench aria-hidden="true" className="h-4 w-4" />
          Manage Tools
        </ButtonLink>
        <ButtonLink to="/admin/articles" variant="outline">
          <FileText aria-hidden="true" className="h-4 w-4" />
          Manage Articles
        </ButtonLink>
        <ButtonLink to="/admin/tools/new">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add New Tool
        </ButtonLink>
        <ButtonLink to="/admin/articles/new">
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add New Article
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back to Homepage
        </ButtonLink>
      </nav>

      <section aria-label="What people look for" className="grid gap-4 lg:grid-cols-2">
        <SearchList
          id="top-searches"
          title="Top searches (30 days)"
          icon={Search}
          searches={searches.top}
          empty="No searches in the last 30 days."
        />
        <SearchList
          id="zero-result-searches"
          title="Searches with no results (30 days)"
          icon={SearchX}
          searches={searches.zeroResults}
          empty="Every search of the last 30 days found tools."
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Recent Activity</CardTitle>
        </CardHeader>
        <CardContent>
          {activity.length === 0 ? (
            <p className="text-slate-600 dark:text-slate-400">No activity yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
              {activity.map((item) => (
                <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                  {item.href.startsWith("/") ? (
                    <Link to={item.href} className="text-slate-800 hover:underline dark:text-slate-200">
                      {item.text}
                    </Link>
                  ) : (
                    <a href={item.href} className="text-slate-800 hover:underline dark:text-slate-200">
                      {item.text}
                    </a>
                  )}
                  <TimeAgo at={item.at} className="shrink-0 text-slate-600 dark:text-slate-400" />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * One of the dashboard's search lists (decision 162): each text with its count and a link that runs
 * it on the home page.
 */
function SearchList({
  id,
  title,
  icon: Icon,
  searches,
  empty,
}: {
  id: string;
  title: string;
  icon: typeof Wrench;
  searches: SearchCount[];
  empty: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle id={`${id}-heading`} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="h-5 w-5" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {searches.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{empty}</p>
        ) : (
          <ol
            aria-labelledby={`${id}-heading`}
            data-testid={id}
            className="divide-y divide-slate-200 text-sm dark:divide-slate-800"
          >
            {searches.map(({ query, count }) => (
              <li key={query} className="flex items-baseline justify-between gap-4 py-2">
                <Link
                  to={`/?q=${encodeURIComponent(query)}`}
                  className="min-w-0 break-words text-slate-800 hover:underline dark:text-slate-200"
                >
                  {query}
                </Link>
                <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">
                  {plural(count, "search", "searches")}
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/** One figure of the dashboard's 'Needs attention' list, and the page where the admin deals with it. */
type AttentionItem = { id: string; count: number; text: string; to: string; icon: typeof Wrench };

function AttentionLink({ item }: { item: AttentionItem }) {
  const { count, text, to, icon: Icon } = item;
  const done = count === 0;
  return (
    <Link
      to={to}
      data-testid={item.id}
      className={cn(
        "flex items-center gap-3 rounded-lg border p-4 transition-colors",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
        done
          ? "border-slate-200 text-slate-600 hover:bg-slate-50 dark:border-slate-800 dark:text-slate-400 dark:hover:bg-slate-900"
          : "border-amber-300 bg-amber-50 text-slate-900 hover:bg-amber-100 dark:border-amber-800 dark:bg-amber-950/40 dark:text-slate-100 dark:hover:bg-amber-950",
      )}
    >
      <Icon aria-hidden="true" className="h-5 w-5 shrink-0" />
      <span>
        <span className="mr-1.5 text-2xl font-bold tabular-nums">{formatCount(count)}</span>
        {text}
      </span>
    </Link>
  );
}

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;
