import { Plus } from "lucide-react";
import { Link } from "react-router";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** An admin table's heading with its 'Add New …' button. */
export function AdminListHeader({ title, addTo, addLabel }: { title: string; addTo: string; addLabel: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <ButtonLink to={addTo}>
        <Plus aria-hidden="true" className="h-4 w-4" />
        {addLabel}
      </ButtonLink>
    </div>
  );
}

/** What an admin table shows instead of rows ('No tools found', 'No articles found'). */
export function AdminListEmpty({ children }: { children: string }) {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 p-10 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300">
      {children}
    </p>
  );
}

/** Which rows an admin table shows, as links: each view is an address the dashboard can point at. */
export function AdminListViews({
  label,
  views,
}: {
  label: string;
  views: { label: string; active: boolean; to: string }[];
}) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-2">
      {views.map((view) => (
        <Link
          key={view.label}
          to={view.to}
          aria-current={view.active ? "page" : undefined}
          className={cn(
            "rounded-full border px-3 py-1 text-sm font-medium",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500",
            view.active
              ? "border-indigo-600 bg-indigo-50 text-indigo-700 dark:border-indigo-400 dark:bg-indigo-950 dark:text-indigo-300"
              : "border-slate-300 text-slate-700 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800",
          )}
        >
          {view.label}
        </Link>
      ))}
    </nav>
  );
}
