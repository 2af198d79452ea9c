import { Archive, ArchiveRestore, ExternalLink, Pencil } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { toast } from "sonner";
import type { Route } from "./+types/tools";
import { Pagination } from "~/components/pagination";
import { SearchForm } from "~/components/search-form";
import { Alert, AlertDescription } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonClasses } from "~/components/ui/button";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { formatDate, formatRating, parsePage } from "~/lib/format";
import { MAX_QUERY_LENGTH } from "~/lib/limits";
import { LINK_OUTCOME_LABELS } from "~/lib/link-health";
import { requireAdmin } from "~/server/auth/guards.server";
import { AppError } from "~/lib/app-error";
import { listToolsForAdmin, type MissingFilter } from "~/server/catalog/tool-admin.server";
import { flashCookie } from "~/server/flash.server";
import { setToolStatus } from "~/server/freshness/tool-status.server";
import { defineAction } from "~/server/http/action-pipeline.server";
import { logger } from "~/server/logger.server";
import { AdminListEmpty, AdminListHeader, AdminListViews } from "~/components/admin/admin-list";
import {
  StackedBody,
  StackedCell,
  StackedHead,
  StackedHeader,
  StackedRow,
  StackedTable,
} from "~/components/admin/stacked-table";
import { toolWriteTags } from "~/server/cache/write-tags.server";
import { adminPageMeta } from "~/lib/seo";
import { publicName } from "~/lib/account";

/** Spec section 2, admin tool table: the alert shown when the list cannot be read. */
export const TOOLS_LOAD_FAILED_MESSAGE = "Failed to load tools. Please try again later.";

/**
 * Which tools the table shows: all; those still without a tagline or pricing model (?missing=1);
 * those without a tagline (?missing=tagline) or a logo (?missing=logo), the dashboard's counts;
 * those whose website failed its last checks (?flagged=1); the discontinued (?status=discontinued).
 */
type View = "all" | "missing" | "no-tagline" | "no-logo" | "flagged" | "discontinued";

function viewOf(params: URLSearchParams): View {
  if (params.get("missing") === "1") return "missing";
  if (params.get("missing") === "tagline") return "no-tagline";
  if (params.get("missing") === "logo") return "no-logo";
  if (params.get("flagged") === "1") return "flagged";
  if (params.get("status") === "discontinued") return "discontinued";
  return "all";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, MAX_QUERY_LENGTH);
  const page = parsePage(params.get("page"));
  const view = viewOf(params);
  try {
    const toolPage = await listToolsForAdmin({
      db: context.db,
      query,
      missing: MISSING_FILTERS[view],
      flagged: view === "flagged",
      discontinued: view === "discontinued",
      page,
    });
    return { query, view, toolPage, failed: false as const };
  } catch (error) {
    // The page still renders (navigation, search, Add New Tool) with the spec's error alert.
    logger.error({ err: error, query, view, page }, "failed to load the admin tool list");
    return { query, view, toolPage: null, failed: true as const };
  }
}

/** Marks a tool discontinued, or lists it again; either is logged in the public change log. */
const CHOOSE_TOOL = "Choose a tool and what to do with it.";

export const action = defineAction({
  guard: "admin",
  schema: z.object({ intent: z.enum(["discontinue", "restore"], CHOOSE_TOOL), id: z.string(CHOOSE_TOOL) }),
  fields: (form) => ({ intent: form.get("intent"), id: form.get("id") ?? undefined }),
  invalid: () => CHOOSE_TOOL,
  async run({ context, viewer, input: { intent, id }, purge }) {
    const tool = await setToolStatus({
      db: context.db,
      id,
      status: intent === "discontinue" ? "discontinued" : "active",
      author: { origin: "admin", actorId: viewer.id, actorName: publicName(viewer) },
    });
    if (!tool) throw new AppError("not-found", "That tool is not there, or was changed already.");
    purge(await toolWriteTags({ db: context.db, ids: [id] }));
    const title = intent === "discontinue" ? `${tool.name} marked discontinued` : `${tool.name} is listed again`;
    const back = intent === "discontinue" ? "/admin/tools?flagged=1" : "/admin/tools?status=discontinued";
    return redirect(back, { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
  },
});

export const meta: Route.MetaFunction = ({ matches, location }) => adminPageMeta(matches, location, "Tools");

/** What the missing-facts views ask the list for. */
const MISSING_FILTERS: Record<View, MissingFilter | false> = {
  all: false,
  missing: "facts",
  "no-tagline": "tagline",
  "no-logo": "logo",
  flagged: false,
  discontinued: false,
};

const VIEW_WORDS: Record<View, string> = {
  all: "",
  missing: " missing a tagline or pricing model",
  "no-tagline": " missing a tagline",
  "no-logo": " missing a logo",
  flagged: " flagged for review",
  discontinued: " marked discontinued",
};

function countLine(shown: number, total: number, query: string, view: View): string {
  const noun = total === 1 ? "tool" : "tools";
  const matching = query ? ` matching “${query}”` : "";
  return `Showing ${shown.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${noun}${VIEW_WORDS[view]}${matching}`;
}

/** The view's own parameter, for links and the search form. */
const VIEW_PARAMS: Record<View, Record<string, string>> = {
  all: {},
  missing: { missing: "1" },
  "no-tagline": { missing: "tagline" },
  "no-logo": { missing: "logo" },
  flagged: { flagged: "1" },
  discontinued: { status: "discontinued" },
};

/** The table's address with the search kept and a view chosen (back to the first page). */
function listHref(query: string, view: View): string {
  const params = new URLSearchParams(query ? { q: query } : {});
  for (const [name, value] of Object.entries(VIEW_PARAMS[view])) params.set(name, value);
  const search = params.toString();
  return `/admin/tools${search ? `?${search}` : ""}`;
}

/** Which tools the table shows. */
function ToolFilter({ query, view }: { query: string; view: View }) {
  const options = [
    { label: "All tools", active: view === "all", to: listHref(query, "all") },
    { label: "Missing tagline or pricing model", active: view === "missing", to: listHref(query, "missing") },
    { label: "Missing a tagline", active: view === "no-tagline", to: listHref(query, "no-tagline") },
    { label: "Missing a logo", active: view === "no-logo", to: listHref(query, "no-logo") },
    { label: "Flagged for review", active: view === "flagged", to: listHref(query, "flagged") },
    { label: "Discontinued", active: view === "discontinued", to: listHref(query, "discontinued") },
  ];
  return <AdminListViews label="Filter tools" views={options} />;
}

/** The latest website check, for the flagged and discontinued views. */
function WebsiteState({
  tool,
}: {
  tool: { linkOutcome: string | null; consecutiveFailures: number | null; failingSince: Date | string | null };
}) {
  if (!tool.linkOutcome) return <span className="text-slate-500">Not checked yet</span>;
  if (tool.linkOutcome === "ok") return <span>OK</span>;
  return (
    <span>
      <Badge className="bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200">
        {LINK_OUTCOME_LABELS[tool.linkOutcome] ?? tool.linkOutcome}
      </Badge>
      <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">
        {tool.consecutiveFailures} failed {tool.consecutiveFailures === 1 ? "check" : "checks"} in a row
        {tool.failingSince ? `, since ${formatDate(new Date(tool.failingSince).toISOString())}` : ""}
      </span>
    </span>
  );
}

function StatusButton({ id, name, discontinued }: { id: string; name: string; discontinued: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" name="intent" value={discontinued ? "restore" : "discontinue"} variant="outline" size="sm">
        {discontinued ? (
          <ArchiveRestore aria-hidden="true" className="h-4 w-4" />
        ) : (
          <Archive aria-hidden="true" className="h-4 w-4" />
        )}
        {discontinued ? "List again" : "Mark discontinued"}
        <span className="sr-only"> {name}</span>
      </Button>
    </Form>
  );
}

export default function AdminTools({ loaderData, actionData }: Route.ComponentProps) {
  const { query, view, toolPage, failed } = loaderData;
  const missing = view === "missing";
  const reviewing = view === "flagged" || view === "discontinued";
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
          hidden={VIEW_PARAMS[view]}
        />
      </div>
      <ToolFilter query={query} view={view} />
      {actionData?.formError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {actionData.formError}
        </p>
      ) : null}

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
            {countLine(toolPage.tools.length, toolPage.total, query, view)}
          </p>
          {toolPage.tools.length === 0 ? (
            <AdminListEmpty>No tools found</AdminListEmpty>
          ) : (
            <StackedTable>
              <caption className="sr-only">Tools, by name</caption>
              <StackedHeader>
                <StackedRow>
                  <StackedHead>Name</StackedHead>
                  <StackedHead>Category</StackedHead>
                  {reviewing ? <StackedHead>Website</StackedHead> : <StackedHead>Rating</StackedHead>}
                  {reviewing ? null : <StackedHead>SEO Title</StackedHead>}
                  <StackedHead>Actions</StackedHead>
                </StackedRow>
              </StackedHeader>
              <StackedBody>
                {toolPage.tools.map((tool) => (
                  <StackedRow key={tool.id}>
                    <StackedCell className="font-medium max-sm:text-base">
                      {tool.name}
                      {missing && (
                        <span className="mt-1 flex flex-wrap gap-1">
                          {!tool.tagline?.trim() && <Badge variant="secondary">No tagline</Badge>}
                          {tool.pricingModel === null && <Badge variant="secondary">No pricing model</Badge>}
                        </span>
                      )}
                    </StackedCell>
                    <StackedCell label="Category">{tool.category}</StackedCell>
                    {reviewing ? (
                      <StackedCell label="Website">
                        <WebsiteState tool={tool} />
                      </StackedCell>
                    ) : (
                      <>
                        <StackedCell label="Rating">{formatRating(tool.rating)}</StackedCell>
                        <StackedCell
                          label="SEO Title"
                          className="max-w-xs truncate max-sm:max-w-none max-sm:whitespace-normal"
                          title={tool.metaTitle || tool.name}
                        >
                          {tool.metaTitle || tool.name}
                        </StackedCell>
                      </>
                    )}
                    <StackedCell label="Actions">
                      <div className="flex flex-wrap gap-2">
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
                        {reviewing ? (
                          <StatusButton id={tool.id} name={tool.name} discontinued={tool.discontinuedAt !== null} />
                        ) : null}
                      </div>
                    </StackedCell>
                  </StackedRow>
                ))}
              </StackedBody>
            </StackedTable>
          )}
          <Pagination page={toolPage.page} pageCount={toolPage.pageCount} label="Tool pages" />
        </section>
      )}
    </div>
  );
}
