import { BookOpen } from "lucide-react";
import { cn } from "~/lib/cn";

/** A calm two-colour wash per category, so articles without an image still tell their subjects apart. */
const WASHES = [
  "from-indigo-500 to-sky-400",
  "from-emerald-500 to-teal-400",
  "from-amber-500 to-rose-400",
  "from-fuchsia-500 to-indigo-400",
  "from-sky-600 to-emerald-400",
  "from-rose-500 to-orange-400",
];

function washFor(category: string) {
  let hash = 0;
  for (const char of category) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return WASHES[hash % WASHES.length]!;
}

/**
 * An article's image in the share images' 1200x630 frame, or, without one, a placeholder of the
 * same shape: the box is reserved before anything loads, so nothing below it moves.
 */
export function ArticleImage({
  image,
  category,
  eager = false,
  className,
}: {
  image: string | null;
  category: string;
  /** The page's main image loads at once; cards further down load as they come into view. */
  eager?: boolean;
  className?: string;
}) {
  const frame = cn("aspect-[1200/630] w-full overflow-hidden", className);
  if (image) {
    return (
      <img
        src={image}
        alt=""
        width={1200}
        height={630}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={cn(frame, "object-cover")}
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      className={cn(frame, "flex items-center justify-center bg-gradient-to-br", washFor(category))}
    >
      <div className="flex items-center gap-2 rounded-full bg-slate-950/40 px-4 py-2 text-sm font-semibold text-white">
        <BookOpen className="h-4 w-4" />
        {category}
      </div>
    </div>
  );
}
