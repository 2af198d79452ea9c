import { ExternalLink, Pencil } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigation } from "react-router";
import { toast } from "sonner";
import type { Route } from "./+types/tools";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { buttonClasses } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { cn } from "~/lib/cn";
import { formatRating, parsePage } from "~/lib/format";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { SITE_NAME } from "~/lib/site";
import { requireAdmin } from "~/server/auth/guards.server";
import { listToolsForAdmin } from "~/server/catalog/tool-admin.server";
import { logger } from "~/server/logger.server";
import { AdminListEmpty, AdminListHeader } from "~/components/admin/admin-list";

/** Spec section 2, admin tool table: the alert shown when the list cannot be read. */
export const TOOLS_LOAD_FAILED_MESSAGE = "Failed to load tools. Please try again later.";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = parsePage(params.get("page"));
  // ?missing=1: only the tools still without a tagline or a pricing model.
  const missing = params.get("missing") === "1";
  try {
    const toolPage = await listToolsForAdmin({ db: context.db, query, missing, page });
    return { query, missing, toolPage, failed: false as const };
  } catch (error) {
    // The page still renders (navigation, search, Add New Tool) with the spec's error alert.
    logger.error({ err: error, query, missing, page }, "failed to load the admin tool list");
    return { query, missing, toolPage: null, failed: true as const };
  }
}

export const meta: Route.MetaFunction = () => [
  { title: `Tools - Admin | ${SITE_NAME}` },
  { name: "robots", content: "noindex" },
];

function countLine(shown: number, total: number, query: string, missing: boolean): string {
  const noun = total === 1 ? "tool" : "tools";
  const matching = query ? ` matching “${query}”` : "";
  const lacking = missing ? " missing a tagline or pricing model" : "";
  return `Showing ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${noun}${lacking}${matching}`;
}

/** The table's address with the search kept and the filter on or off (back to the first page). */
function listHref(query: string, missing: boolean): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (missing) params.set("missing", "1");
  const search = params.toString();
  return `/admin/tools${search ? `?${search}` : ""}`;
}

/** Which tools the table shows: all, or those an admin still has to describe. */
function ToolFilter({ query, missing }: { query: string; missing: boolean }) {
  const options = [
    { label: "All tools", active: !missing, to: listHref(query, false) },
    { label: "Missing tagline or pricing model", active: missing, to: listHref(query, true) },
  ];
  return (
    <nav aria-label="Filter tools" className="flex flex-wrap gap-2">
      {options.map((option) => (
        <Link
          key={option.label}
          to={option.to}
          aria-current={option.active ? "page" : undefined}
          className={cn(
            "rounded-full border px-3 py-1 text-sm font-medium",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
            option.active
              ? "border-indigo-600 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-300"
              : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800",
          )}
        >
          {option.label}
        </Link>
      ))}
    </nav>
  );
}

export default function AdminTools({ loaderData }: Route.ComponentProps) {
  const { query, missing, toolPage, failed } = loaderData;
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
        <SearchForm
          action="/admin/tools"
          query={query}
          placeholder="Search tools..."
          label="Search tools by name or category"
          hidden={missing ? { missing: "1" } : {}}
        />
      </div>
      <ToolFilter query={query} missing={missing} />

      {failed ? (
        <Alert variant="destructive">
          <AlertDescription>{TOOLS_LOAD_FAILED_MESSAGE}</AlertDescription>
        </Alert>
      ) : (
        <section
          aria-label="Tool list"
          aria-busy={updating}
          className={updating ? "space-y-4 opacity-60 transition-opacity" : "space-y-4"}
        >
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {countLine(toolPage.tools.length, toolPage.total, query, missing)}
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
                    <TableCell className="font-medium">
                      {tool.name}
                      {missing && (
                        <span className="mt-1 flex flex-wrap gap-1">
                          {!tool.tagline?.trim() && <Badge variant="secondary">No tagline</Badge>}
                          {tool.pricingModel === null && <Badge variant="secondary">No pricing model</Badge>}
                        </span>
                      )}
                    </TableCell>
                    <TableCell>{tool.category}</TableCell>
                    <TableCell>{formatRating(tool.rating)}</TableCell>
                    <TableCell className="max-w-xs truncate" title={tool.metaTitle || tool.name}>
                      {tool.metaTitle || tool.name}
                    </TableCell>
                    <TableCell>
                      <div className="flex gap-2">
                        <Link
                          to={`/admin/tools/${tool.id}`}
                          className={buttonClasses({ variant: "outline", size: "sm" })}
                        >
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
