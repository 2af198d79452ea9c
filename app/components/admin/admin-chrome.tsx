import {
  Archive,
  ArrowDownUp,
  ExternalLink,
  FileText,
  Inbox,
  LayoutDashboard,
  ListPlus,
  Sparkles,
  Tags,
  Timer,
  Wrench,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link, NavLink } from "react-router";
import { SiteMark } from "~/components/site-mark";
import { ThemeToggle } from "~/components/theme-toggle";
import { buttonClasses } from "~/components/ui/button";
import { UserMenu } from "~/components/user-menu";
import { cn } from "~/lib/cn";
import type { SiteBranding } from "~/lib/site";
import type { Theme } from "~/lib/theme";
import type { PublicViewer } from "~/lib/viewer";

export { ADMIN_LAYOUT_ROUTE_ID } from "~/lib/admin-area";

const NAV_ITEMS = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/tools", label: "Tools", icon: Wrench, end: false },
  { to: "/admin/research-queue", label: "Research queue", icon: ListPlus, end: false },
  { to: "/admin/articles", label: "Articles", icon: FileText, end: false },
  { to: "/admin/tags", label: "Tags", icon: Tags, end: false },
  { to: "/admin/inbox", label: "Inbox", icon: Inbox, end: false },
  { to: "/admin/proposals", label: "AI proposals", icon: Sparkles, end: false },
  { to: "/admin/jobs", label: "Jobs", icon: Timer, end: false },
  { to: "/admin/backups", label: "Backups", icon: Archive, end: false },
  { to: "/admin/catalog", label: "Import and export", icon: ArrowDownUp, end: false },
] as const;

/** What waits behind a navigation entry, by its address (the inbox, the AI proposals). */
export type AdminNavBadges = Partial<Record<(typeof NAV_ITEMS)[number]["to"], number>>;

/**
 * The admin area's page: a compact top bar (the area's name, "View site", the theme and the user
 * menu), the side navigation, and the page's own <main>. Server-rendered and plain links throughout,
 * so it all works before (or without) JavaScript.
 */
export function AdminChrome({
  site,
  theme,
  viewer,
  badges,
  children,
}: {
  site: SiteBranding;
  theme: Theme;
  viewer: PublicViewer | null;
  badges: AdminNavBadges;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
        <div className="flex h-14 items-center gap-3 px-4 sm:px-6">
          <Link
            to="/admin"
            className="flex min-w-0 items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:text-white"
          >
            <SiteMark site={site} className="h-5 w-5 shrink-0" />
            <span className="truncate">{site.name}</span>
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-slate-700 dark:bg-slate-800 dark:text-slate-300">
              Admin
            </span>
          </Link>
          <div className="ml-auto flex items-center gap-1 sm:gap-2">
            <Link to="/" className={buttonClasses({ variant: "ghost", size: "sm" }, "whitespace-nowrap")}>
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
              View site
            </Link>
            <ThemeToggle theme={theme} />
            {viewer && <UserMenu viewer={viewer} />}
          </div>
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <AdminSideNavigation badges={badges} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8">
          <div className="mx-auto max-w-6xl">{children}</div>
        </main>
      </div>
    </div>
  );
}

/**
 * A column beside the page from `md` up; on a phone, one row under the top bar that scrolls
 * sideways, so every entry stays one tap away without a script-driven menu.
 */
function AdminSideNavigation({ badges }: { badges: AdminNavBadges }) {
  return (
    <nav
      aria-label="Admin"
      className="border-b border-slate-200 bg-slate-50 md:w-56 md:shrink-0 md:border-b-0 md:border-r dark:border-slate-800 dark:bg-slate-900/40"
    >
      <ul className="relative flex gap-1 overflow-x-auto px-4 py-2 sm:px-6 md:sticky md:top-14 md:flex-col md:overflow-visible md:px-3 md:py-4">
        {NAV_ITEMS.map(({ to, label, icon: Icon, end }) => {
          const waiting = badges[to] ?? 0;
          return (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  cn(
                    "flex items-center gap-2 whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium",
                    "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
                    isActive
                      ? "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
                      : "text-slate-700 hover:bg-slate-200/60 dark:text-slate-300 dark:hover:bg-slate-800",
                  )
                }
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
                {waiting > 0 && (
                  <span className="ml-auto rounded-full bg-indigo-600 px-2 text-xs text-white">
                    {waiting}
                    <span className="sr-only"> waiting</span>
                  </span>
                )}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
