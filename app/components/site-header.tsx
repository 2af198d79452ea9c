import { SiteMark } from "./site-mark";
import { useSyncExternalStore } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { signInHref } from "~/lib/sign-in-link";
import type { SiteBranding } from "~/lib/site";
import type { Theme } from "~/lib/theme";
import type { PublicViewer } from "~/lib/viewer";
import { SearchForm } from "./search-form";
import { preloadSignInDialog, useSignInDialog } from "./sign-in-dialog";
import { ThemeToggle } from "./theme-toggle";
import { UserMenu } from "./user-menu";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 dark:hover:bg-slate-800",
    isActive ? "text-indigo-700 dark:text-indigo-300" : "text-slate-700 dark:text-slate-300",
  );

export function SiteHeader({ theme, viewer, site }: { theme: Theme; viewer: PublicViewer | null; site: SiteBranding }) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      {/* On narrow screens the navigation takes a second row rather than disappearing. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 sm:h-16 sm:flex-nowrap sm:px-6">
        <Link to="/" className="flex h-16 items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
          <SiteMark site={site} className="h-6 w-6" />
          {site.name}
        </Link>
        <nav
          aria-label="Main"
          className="order-last -mx-3 flex w-full items-center gap-1 pb-2 sm:order-none sm:mx-0 sm:ml-2 sm:w-auto sm:pb-0"
        >
          <NavLink to="/" end className={navLinkClass}>
            Tools
          </NavLink>
          <NavLink to="/blog" className={navLinkClass}>
            Blog
          </NavLink>
          <NavLink to="/about" className={navLinkClass}>
            About
          </NavLink>
          <NavLink to="/submit" className={(state) => cn(navLinkClass(state), "whitespace-nowrap")}>
            Submit a tool
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          {/* Home has its own box in the hero; below a laptop's width the header has no room for one (decision 160). */}
          {pathname !== "/" && (
            <SearchForm
              // A new page starts with an empty box, whatever was typed to reach it.
              key={pathname}
              action="/"
              query=""
              placeholder="Search AI tools..."
              label="Search all AI tools"
              inputId="site-search"
              landmarkLabel="Site"
              live={false}
              suggest
              className="hidden w-56 lg:block xl:w-72"
            />
          )}
          <ThemeToggle theme={theme} />
          {viewer ? (
            // Loaded with the page, not on demand: its button and its "Sign out" form must be in the
            // server's HTML and work at first click, with or without JavaScript (decisions 095, 108).
            <UserMenu viewer={viewer} />
          ) : (
            <SignInButton />
          )}
        </div>
      </div>
    </header>
  );
}

const noSubscription = () => () => undefined;

/** False in the server's HTML and while hydrating, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * Without JavaScript, a link to the sign-in page; once JavaScript runs, a button that opens the
 * dialog, and is announced as one. The link is nofollow: it differs on every page.
 */
function SignInButton() {
  const { openSignIn } = useSignInDialog();
  const location = useLocation();
  const hydrated = useHydrated();
  if (hydrated)
    return (
      <button
        type="button"
        aria-haspopup="dialog"
        className={buttonClasses({}, "w-24")}
        onPointerEnter={preloadSignInDialog}
        onFocus={preloadSignInDialog}
        onClick={() => openSignIn()}
      >
        Sign In
      </button>
    );
  return (
    <Link to={signInHref(location)} rel="nofollow" className={buttonClasses({}, "w-24")}>
      Sign In
    </Link>
  );
}
