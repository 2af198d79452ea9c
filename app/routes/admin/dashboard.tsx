import { ArrowLeft, FileText, Flag, Inbox, Plus, Wrench } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { TimeAgo } from "~/components/time-ago";
import { formatCount } from "~/lib/format";
import { siteNameFromMatches } from "~/lib/site";
import { countCatalogue, countFlaggedForReview, countInbox, listRecentActivity } from "~/server/admin/overview.server";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const [counts, flaggedForReview, inbox, activity] = await Promise.all([
    countCatalogue({ db: context.db }),
    countFlaggedForReview({ db: context.db }),
    countInbox({ db: context.db }),
    listRecentActivity({ db: context.db }),
  ]);
  return { ...counts, flaggedForReview, inbox, activity };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Dashboard - Admin | ${siteNameFromMatches(matches)}` },
  { name: "robots", content: "noindex" },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { tools, publishedArticles, draftArticles, flaggedForReview, inbox, activity } = loaderData;
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
            </ul>
            <p className="mt-1 text-sm">
              <Link to="/admin/inbox" className="text-indigo-700 hover:underline dark:text-indigo-300">
                Open the inbox
              </Link>
            </p>
          </CardContent>
        </Card>
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

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;
