import { useEffect, type ReactNode } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { AdminSpinner } from "./components/admin/admin-spinner";
import { AnalyticsScript } from "./components/analytics-script";
import {
  ArticleSkeleton,
  CategorySkeleton,
  HomeSkeleton,
  ListSkeleton,
  ToolDetailSkeleton,
} from "./components/page-skeletons";
import { SiteFooter } from "./components/site-footer";
import { CompareTrayBar } from "./components/compare-tray";
import { PendingSave } from "./components/pending-save";
import { SignInDialogProvider } from "./components/sign-in-dialog";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { RouteErrorBoundary } from "./components/route-error-boundary";
import { isRefusal } from "./lib/action-result";
import { ADMIN_LAYOUT_ROUTE_ID } from "./lib/admin-area";
import { DEFAULT_SITE_BRANDING } from "./lib/site";
import { ZOD_CONFIG_SCRIPT } from "./lib/zod-config";
import { SAVE_AFTER_SIGN_IN_PARAM } from "./lib/saved-tools";
import { isSessionChange, useSessionSync } from "./lib/session-sync";
import { readTheme } from "./lib/theme";
import { errorPageMeta } from "./lib/seo";
import { toast } from "./lib/toast";
import type { PublicViewer } from "./lib/viewer";
import { analyticsScriptUrl } from "./server/analytics.server";
import { cachedCategoriesInUse } from "./server/cache/shared-answers.server";
import { findToolToSave } from "./server/community/saved-tools.server";
import { logPageReadFailure } from "./server/http/error-response.server";
import { takeFlash, type Flash } from "./server/flash.server";
import { siteBranding } from "./server/branding.server";
import { footerSettings, siteUrlFor } from "./server/site.server";

/**
 * The stylesheet as a React stylesheet resource (precedence): React writes it at the top of the
 * head, before the scripts' modulepreloads, so a slow connection fetches what blocks the first
 * paint first. Imported as a side effect instead, it came after some fifty preloads.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheetUrl, precedence: "default" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer } = context;
  const { flash, clear } = takeFlash(request);
  const publicViewer: PublicViewer | null = viewer
    ? {
        email: viewer.email,
        username: viewer.username,
        displayName: viewer.displayName,
        avatarUrl: viewer.avatarUrl,
        isAdmin: viewer.isAdmin,
      }
    : null;
  // A save asked for while signed out comes back as ?save={slug} (decision 062); only a signed-in
  // viewer's page names the tool, so every visitor's page stays the same.
  const saveSlug = viewer ? new URL(request.url).searchParams.get(SAVE_AFTER_SIGN_IN_PARAM) : null;
  const [categories, pendingSave] = await Promise.all([
    // Spec section 8: "Category and footer fetch errors are logged ...; no message is shown for
    // them." The footer goes without its categories and the page stays whole; an outage is thrown
    // on to the site's 503 (decision 145).
    cachedCategoriesInUse(context).catch((error: unknown) => {
      logPageReadFailure(error, { route: "footer" });
      return [];
    }),
    saveSlug ? findToolToSave({ db: context.db, slug: saveSlug }) : null,
  ]);
  return data(
    {
      siteUrl: siteUrlFor(request, context),
      site: siteBranding,
      theme: readTheme(request.headers.get("cookie")),
      categories,
      year: new Date().getFullYear(),
      ...footerSettings(),
      viewer: publicViewer,
      googleSignIn: context.googleSignIn,
      // Administrators are never tracked; decided here so the script is simply absent for them.
      analyticsSrc: viewer?.isAdmin ? null : analyticsScriptUrl(),
      flash,
      pendingSave,
    },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

// Footer, theme and viewer change only after a form post (theme, sign-in, sign-out, votes): not on
// every navigation.
// A post that failed (an error body, even one made in the browser after a network failure) changed nothing.
// A save to finish after sign-in (?save=) comes and goes with the address. A sign-in or sign-out in
// another tab (lib/session-sync.ts) runs it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  actionResult,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}) => {
  if (isSessionChange()) return true;
  const saveParam = (url: URL) => url.searchParams.get(SAVE_AFTER_SIGN_IN_PARAM);
  if (saveParam(currentUrl) !== saveParam(nextUrl)) return true;
  return formMethod !== undefined && formMethod.toUpperCase() !== "GET" && !isRefusal(actionResult)
    ? defaultShouldRevalidate
    : false;
};

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.theme ?? "system";
  const site = data?.site ?? DEFAULT_SITE_BRANDING;
  const location = useLocation();
  // The admin area draws its own chrome (top bar, side navigation, its own <main>; decision 104).
  const adminArea = useMatches().some((match) => match.id === ADMIN_LAYOUT_ROUTE_ID);
  useHydratedMark();
  return (
    <html lang="en" className={theme === "system" ? undefined : theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
        {/* Named after the configured site, so written here from the root loader rather than in `links`. */}
        <link rel="icon" href={site.faviconUrl} />
        <link rel="alternate" type="application/rss+xml" title={`${site.name} articles`} href="/blog/rss.xml" />
        <link rel="alternate" type="application/feed+json" title={`${site.name} articles`} href="/blog/feed.json" />
        <link rel="alternate" type="application/rss+xml" title={`New tools on ${site.name}`} href="/tools/rss.xml" />
        <link
          rel="alternate"
          type="application/feed+json"
          title={`New tools on ${site.name}`}
          href="/tools/feed.json"
        />
        <script dangerouslySetInnerHTML={{ __html: ZOD_CONFIG_SCRIPT }} />
        {data?.analyticsSrc && <AnalyticsScript src={data.analyticsSrc} />}
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-900 antialiased dark:bg-slate-950 dark:text-slate-100">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-indigo-600 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to content
        </a>
        {data?.flash && (
          // Toasts need JavaScript; without it the message is a plain line at the top of the page.
          <noscript>
            <p role="status" className="bg-slate-900 px-4 py-2 text-center text-sm text-white">
              {data.flash.title}
              {data.flash.description ? ` ${data.flash.description}` : ""}
            </p>
          </noscript>
        )}
        <SignInDialogProvider googleSignIn={data?.googleSignIn ?? false}>
          {adminArea ? (
            children
          ) : (
            <>
              <SiteHeader theme={theme} viewer={data?.viewer ?? null} site={site} />
              {data?.pendingSave && <PendingSave key={data.pendingSave.id} tool={data.pendingSave} />}
              <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                {children}
              </main>
            </>
          )}
        </SignInDialogProvider>
        {!adminArea && (
          <SiteFooter
            categories={data?.categories ?? []}
            year={data?.year ?? new Date().getFullYear()}
            site={site}
            company={data?.company ?? site.name}
            sourceCodeUrl={data?.sourceCodeUrl ?? "/"}
          />
        )}
        {!adminArea && <CompareTrayBar />}
        <Toaster richColors closeButton theme={theme} eager={isAdminPath(location.pathname)} />
        <FlashToast flash={data?.flash ?? null} />

        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * Marks <html data-hydrated> once React has hydrated the page. A click on a link while the router
 * starts can be lost (its first history write cancels the browser's own navigation), so the
 * end-to-end tests wait for this mark before they act on a page they opened.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
}

/** Shows the one-time message a redirect left behind (signed in, signed out, check your email). */
function FlashToast({ flash }: { flash: Flash | null }) {
  useEffect(() => {
    if (!flash) return;
    const show = flash.kind === "error" ? toast.error : toast.success;
    // Deferred a tick so the toaster has mounted on the first page load.
    const timer = setTimeout(
      () => show(flash.title, flash.description ? { description: flash.description } : undefined),
      0,
    );
    return () => clearTimeout(timer);
  }, [flash]);
  return null;
}

/** While a client navigation to another page loads, show that page's placeholder. */
const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

function pendingSkeleton(pathname: string, from: string) {
  // Leaving the admin area keeps its page (and chrome) until the public page is ready.
  if (isAdminPath(from) && !isAdminPath(pathname)) return null;
  if (pathname === "/") return <HomeSkeleton />;
  if (pathname.startsWith("/tool/")) return <ToolDetailSkeleton />;
  if (pathname.startsWith("/article/")) return <ArticleSkeleton />;
  if (pathname.startsWith("/category/")) return <CategorySkeleton />;
  if (pathname === "/blog") return <ListSkeleton />;
  // Entering the admin area waits on the server's role check: a spinner until it answers. Moves
  // within the area keep its navigation and show their own spinner (routes/admin/layout.tsx).
  if (isAdminPath(pathname) && !isAdminPath(from)) return <AdminSpinner />;
  return null;
}

export default function App() {
  useSessionSync(useRouteLoaderData<typeof loader>("root")?.viewer?.email ?? null);
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const skeleton =
    target && target.pathname !== location.pathname ? pendingSkeleton(target.pathname, location.pathname) : null;
  return (
    <>
      <div aria-live="polite" className="sr-only">
        {navigation.state === "loading" ? "Loading…" : ""}
      </div>
      {skeleton ?? <Outlet />}
    </>
  );
}

/**
 * Only the root error boundary's page has its head written here (the site's 404 from not-found.tsx,
 * a bug's 500): in the words the page shows, out of the index, no canonical link (decision 145).
 * Every other page's route writes its own, which replaces this.
 */
export const meta: Route.MetaFunction = ({ error, matches }) => (error ? errorPageMeta(matches, error) : []);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorBoundary error={error} />;
}
