import { Archive, ArrowDownUp, FileText, Inbox, LayoutDashboard, Sparkles, Tags, Timer, Wrench } from "lucide-react";
import { useEffect } from "react";
import {
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/layout";
import { AdminSpinner } from "~/components/admin/admin-spinner";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { cn } from "~/lib/cn";
import { requireAdmin } from "~/server/auth/guards.server";
import { countPendingProposals } from "~/server/freshness/refresh-proposals.server";
import { countInbox } from "~/server/moderation/inbox.server";

/** Admin pages are personal: never stored by a browser, a proxy or our page cache. */
export const ADMIN_CACHE_CONTROL = "private, no-store";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  // The navigation's badges: AI proposals waiting for review, and what waits in the inbox (index counts).
  const [pendingProposals, inbox] = await Promise.all([
    countPendingProposals({ db: context.db }),
    countInbox({ db: context.db }),
  ]);
  return { pendingProposals, inboxOpen: inbox.total };
}

export function headers() {
  return { "Cache-Control": ADMIN_CACHE_CONTROL, "X-Robots-Tag": "noindex" };
}

const NAV_ITEMS = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/inbox", label: "Inbox", icon: Inbox, end: false },
  { to: "/admin/tools", label: "Tools", icon: Wrench, end: false },
  { to: "/admin/tags", label: "Tags", icon: Tags, end: false },
  { to: "/admin/articles", label: "Articles", icon: FileText, end: false },
  { to: "/admin/proposals", label: "AI proposals", icon: Sparkles, end: false },
  { to: "/admin/jobs", label: "Jobs", icon: Timer, end: false },
  { to: "/admin/backups", label: "Backups", icon: Archive, end: false },
  { to: "/admin/catalog", label: "Import and export", icon: ArrowDownUp, end: false },
] as const;

function AdminNavigation() {
  // Absent when the layout's own loader failed (its error boundary draws this navigation too).
  const counts = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const badges: Record<string, number> = {
    "/admin/proposals": counts?.pendingProposals ?? 0,
    "/admin/inbox": counts?.inboxOpen ?? 0,
  };
  return (
    <nav aria-label="Admin" className="md:w-56 md:shrink-0">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
                  isActive
                    ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
                    : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800",
                )
              }
            >
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
              {(badges[to] ?? 0) > 0 && (
                <span className="ml-auto rounded-full bg-indigo-600 px-2 text-xs text-white">
                  {badges[to]}
                  <span className="sr-only"> waiting</span>
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function AdminLayout() {
  const navigation = useNavigation();
  const location = useLocation();
  // A move to another admin page waits on the server's role check and data: say so in place. A
  // search on the same page (?q=) keeps the page, so the search box keeps its focus; after a save
  // the form keeps showing "Saving..." until the list arrives.
  const pending =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname.startsWith("/admin") &&
    navigation.location.pathname !== location.pathname;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row">
      <AdminNavigation />
      <div className="min-w-0 flex-1">{pending ? <AdminSpinner label="Loading..." /> : <Outlet />}</div>
    </div>
  );
}

/**
 * A client navigation whose data request was refused (the session ended, or the role was taken
 * away): the server answered 403, so the visitor is sent home as a page request would have been.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const refused = isRouteErrorResponse(error) && (error.status === 401 || error.status === 403);
  const navigate = useNavigate();
  useEffect(() => {
    if (refused) navigate("/", { replace: true });
  }, [refused, navigate]);
  if (refused) return <AdminSpinner />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6 md:flex-row">
      <AdminNavigation />
      <div className="min-w-0 flex-1">
        <RouteErrorBoundary error={error} goBack={false} />
      </div>
    </div>
  );
}
