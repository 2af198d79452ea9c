import { Sparkles } from "lucide-react";
import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { SITE_NAME } from "~/lib/site";
import { ThemeToggle, type Theme } from "./theme-toggle";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-slate-100 dark:hover:bg-slate-800",
    isActive ? "text-indigo-700 dark:text-indigo-300" : "text-slate-700 dark:text-slate-300",
  );

export function SiteHeader({ theme }: { theme: Theme }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
          <Sparkles aria-hidden="true" className="h-6 w-6 text-indigo-600 dark:text-indigo-400" />
          {SITE_NAME}
        </Link>
        <nav aria-label="Main" className="ml-2 hidden items-center gap-1 sm:flex">
          <NavLink to="/" end className={navLinkClass}>
            Tools
          </NavLink>
          <NavLink to="/blog" className={navLinkClass}>
            Blog
          </NavLink>
          <NavLink to="/about" className={navLinkClass}>
            About
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <ThemeToggle theme={theme} />
          {/* The sign-in dialog arrives with accounts; its place in the header is kept. */}
          <Button aria-disabled="true" title="Accounts are not available yet" className="w-24">
            Sign In
          </Button>
        </div>
      </div>
    </header>
  );
}
