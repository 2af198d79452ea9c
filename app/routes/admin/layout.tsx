import { useEffect, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Outlet,
  useLocation,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/layout";
import { ADMIN_LAYOUT_ROUTE_ID, AdminChrome } from "~/components/admin/admin-chrome";
import { AdminSpinner } from "~/components/admin/admin-spinner";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { DEFAULT_SITE_BRANDING } from "~/lib/site";
import type { loader as rootLoader } from "~/root";
import { requireAdmin } from "~/server/auth/guards.server";
import { countPendingProposals } from "~/server/freshness/proposal-review.server";
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

/** The chrome around every admin page, its error page included, with the navigation's badges. */
function AdminArea({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // Absent when the layout's own loader failed (its error boundary draws this chrome too).
  const counts = useRouteLoaderData<typeof loader>(ADMIN_LAYOUT_ROUTE_ID);
  return (
    <AdminChrome
      site={root?.site ?? DEFAULT_SITE_BRANDING}
      theme={root?.theme ?? "system"}
      viewer={root?.viewer ?? null}
      badges={{ "/admin/proposals": counts?.pendingProposals ?? 0, "/admin/inbox": counts?.inboxOpen ?? 0 }}
    >
      {children}
    </AdminChrome>
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
  return <AdminArea>{pending ? <AdminSpinner label="Loading..." /> : <Outlet />}</AdminArea>;
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
  if (refused)
    return (
      <AdminArea>
        <AdminSpinner />
      </AdminArea>
    );
  return (
    <AdminArea>
      <RouteErrorBoundary error={error} goBack={false} waysOnward={false} />
    </AdminArea>
  );
}
