import { SiteMark } from "./site-mark";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SiteBranding } from "~/lib/site";

const linkClass =
  "text-sm text-slate-600 hover:text-indigo-700 hover:underline dark:text-slate-400 dark:hover:text-indigo-300";

function FooterSection({
  title,
  listClassName = "space-y-2",
  children,
}: {
  title: string;
  listClassName?: string;
  children: ReactNode;
}) {
  const headingId = `footer-${title.toLowerCase()}`;
  return (
    <nav aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-sm font-semibold text-slate-900 dark:text-slate-100">
        {title}
      </h2>
      <ul className={listClassName}>{children}</ul>
    </nav>
  );
}

function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </li>
  );
}

export function SiteFooter({
  categories,
  year,
  company,
  sourceCodeUrl,
  site,
}: {
  site: SiteBranding;
  categories: string[];
  year: number;
  company: string;
  sourceCodeUrl: string;
}) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div className="space-y-3">
          <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900 dark:text-white">
            <SiteMark site={site} className="h-5 w-5" />
            {site.name}
          </Link>
          <p className="text-sm text-slate-600 dark:text-slate-400">{site.tagline}</p>
        </div>
        <FooterSection
          title="Categories"
          listClassName="grid grid-cols-2 gap-x-4 gap-y-2 md:grid-cols-1 lg:grid-cols-2"
        >
          {categories.map((category) => (
            <li key={category}>
              <Link to={`/category/${encodeURIComponent(category)}`} className={linkClass}>
                {category}
              </Link>
            </li>
          ))}
        </FooterSection>
        <FooterSection title="Resources">
          <FooterLink to="/about">About</FooterLink>
          <FooterLink to="/blog">Blog</FooterLink>
          <FooterLink to="/changes">Recent changes</FooterLink>
          <FooterLink to="/developers">API for developers</FooterLink>
          <li>
            <a href={sourceCodeUrl} className={linkClass} rel="noopener noreferrer" target="_blank">
              Source code
            </a>
          </li>
          <li>
            {/* A feed is a file, not a page: a plain link, no client navigation. */}
            <a href="/blog/rss.xml" className={linkClass}>
              RSS feed
            </a>
          </li>
        </FooterSection>
        <FooterSection title="Legal">
          <FooterLink to="/privacy">Privacy Policy</FooterLink>
          <FooterLink to="/terms">Terms of Service</FooterLink>
        </FooterSection>
      </div>
      <div className="border-t border-slate-200 py-6 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        © {year} {company}. All rights reserved.
      </div>
    </footer>
  );
}
