import { BadgeCheck } from "lucide-react";
import { MAKER_BADGE_TEXT } from "~/lib/makers";
import { cn } from "~/lib/cn";

/** "Maker": the words or listing of a tool's verified maker (decision 176). */
export function MakerBadge({ className, title }: { className?: string; title?: string }) {
  return (
    <span
      title={title}
      className={cn(
        "inline-flex items-center gap-1 rounded-full border border-transparent bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200",
        className,
      )}
    >
      <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
      {MAKER_BADGE_TEXT}
    </span>
  );
}
