import { ExternalLink, Pencil } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/tools";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { buttonClasses } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { formatRating, parsePage } from "~/lib/format";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { SITE_NAME } from "~/lib/site";
import { requireAdmin } from "~/server/auth/guards.server";
import { listToolsForAdmin } from "~/server/catalog/tool-admin.server";
import { logger } from "~/server/logger";
import { AdminListEmpty, AdminListHeader } from "~/components/admin/admin-list";

/** Spec section 2, admin tool table: the alert shown when the list cannot be read. */
export const TOOLS_LOAD_FAILED_MESSAGE = "Failed to load tools. Please try again later.";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = parsePage(params.get("page"));
  try {
    const toolPage = await listToolsForAdmin({ db: context.db, query, page });
    return { query, toolPage, failed: false as const };
  } catch (error) {
    // The page still renders (navigation, search, Add New Tool) with the spec's error alert.
    logger.error({ err: error, query, page }, "failed to load the admin tool list");
    return { query, toolPage: null, failed: true as const };
  }
}

export const meta: Route.MetaFunction = () => [{ title: `Tools - Admin | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

function countLine(shown: number, total: number, query: string): string {
  const noun = total === 1 ? "tool" : "tools";
  const matching = query ? ` matching “${query}”` : "";
  return `Showing ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${noun}${matching}`;
}

export default function AdminTools({ loaderData }: Route.ComponentProps) {
  const { query, toolPage, failed } = loaderData;
  const navigation = useNavigation();
  const updating = navigation.state === "loading" && navigation.location.pathname === "/admin/tools";

  useEffect(() => {
    // A fixed id: a repeated failure (or React's double effects in development) shows one toast.
    if (failed) toast.error(ADMIN_TOASTS.toolsLoadFailed, { id: "admin-tools-load-failed" });
  }, [failed]);

  return (
    <div className="space-y-6">
      <AdminListHeader title="Tools" addTo="/admin/tools/new" addLabel="Add New Tool" />

      <div className="max-w-md">
        <SearchForm action="/admin/tools" query={query} placeholder="Search tools..." label="Search tools by name or category" />
      </div>

      {failed ? (
        <Alert variant="destructive">
          <AlertDescription>{TOOLS_LOAD_FAILED_MESSAGE}</AlertDescription>
        </Alert>
      ) : (
        <section aria-label="Tool list" aria-busy={updating} className={updating ? "space-y-4 opacity-60 transition-opacity" : "space-y-4"}>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {countLine(toolPage.tools.length, toolPage.total, query)}
          </p>
          {toolPage.tools.length === 0 ? (
            <AdminListEmpty>No tools found</AdminListEmpty>
          ) : (
            <Table>
              <caption className="sr-only">Tools, by name</caption>
              <TableHeader>
                <TableRow>
                  <TableHead>Name</TableHead>
                  <TableHead>Category</TableHead>
                  <TableHead>Rating</TableHead>
                  <TableHead>SEO Title</TableHead>
                  <TableHead>Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {toolPage.tools.map((tool) => (
                  <TableRow key={tool.id}>
                    <TableCell className="font-medium">{tool.name}</TableCell>
                    <TableCell>{tool.category}</TableCell>
                    <TableCell>{formatRating(tool.rating)}</TableCell>
                    <TableCell className="max-w-xs truncate" title={tool.metaTitle || tool.name}>
                      {tool.metaTitle || tool.name}
                    </TableCell>
                    <TableCell>
                      <div className="flex gap-2">
                        <Link to={`/admin/tools/${tool.id}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
                          <Pencil aria-hidden="true" className="h-4 w-4" />
                          Edit<span className="sr-only"> {tool.name}</span>
                        </Link>
                        <a
                          href={`/tool/${encodeURIComponent(tool.slug || tool.id)}`}
                          target="_blank"
                          rel="noopener noreferrer"
                          className={buttonClasses({ variant: "ghost", size: "sm" })}
                        >
                          <ExternalLink aria-hidden="true" className="h-4 w-4" />
                          View<span className="sr-only"> {tool.name} (opens in a new tab)</span>
                        </a>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Pagination page={toolPage.page} pageCount={toolPage.pageCount} label="Tool pages" />
        </section>
      )}
    </div>
  );
}
