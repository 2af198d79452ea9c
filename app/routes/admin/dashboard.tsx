import { ArrowLeft, FileText, Plus, Wrench } from "lucide-react";
import type { Route } from "./+types/dashboard";
import { ButtonLink } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { formatCount } from "~/lib/format";
import { SITE_NAME } from "~/lib/site";
import { countCatalogue } from "~/server/admin/overview.server";
import { requireAdmin } from "~/server/auth/guards.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return countCatalogue({ db: context.db });
}

export const meta: Route.MetaFunction = () => [
  { title: `Dashboard - Admin | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { tools, publishedArticles, draftArticles } = loaderData;
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold tracking-tight">Admin Dashboard</h1>

      <section aria-label="Totals" className="grid gap-4 sm:grid-cols-2">
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
          <p className="text-slate-600 dark:text-slate-400">Activity log coming soon.</p>
        </CardContent>
      </Card>
    </div>
  );
}
