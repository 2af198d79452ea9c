import { Loader2 } from "lucide-react";

/** The admin area's wait: shown while the server checks the role and loads the page. */
export function AdminSpinner({ label = "Checking access..." }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-slate-600 dark:text-slate-400"
    >
      <Loader2 aria-hidden="true" className="h-8 w-8 animate-spin text-indigo-600 dark:text-indigo-400" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
