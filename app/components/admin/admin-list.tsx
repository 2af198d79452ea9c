import { Plus } from "lucide-react";
import { ButtonLink } from "~/components/ui/button";

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
