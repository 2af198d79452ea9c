import { Link } from "react-router";
import { cn } from "~/lib/cn";

/** A tool's tags as a labelled list of links to their pages (tool page, comparison table). */
export function TagLinks({
  tags,
  label,
  compact = false,
}: {
  tags: { slug: string; name: string }[];
  label: string;
  compact?: boolean;
}) {
  return (
    <ul aria-label={label} className={cn("flex flex-wrap", compact ? "gap-1.5" : "gap-2")}>
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link
            to={`/tag/${tag.slug}`}
            className={cn(
              "inline-flex rounded-full border border-slate-300 py-0.5 text-xs font-medium text-slate-700 hover:border-indigo-400 hover:text-indigo-800 dark:border-slate-600 dark:text-slate-300 dark:hover:border-indigo-500 dark:hover:text-indigo-200",
              compact ? "px-2" : "px-2.5",
            )}
          >
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
