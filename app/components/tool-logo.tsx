import { cn } from "~/lib/cn";

/** Fixed-size logo box: the image when there is one, else the initial; no layout shift either way. */
export function ToolLogo({
  name,
  image,
  size,
  className,
  decorative = false,
}: {
  name: string;
  image: string | null;
  size: number;
  className?: string;
  /** Beside the tool's name already (a table's column header): no alternative text to repeat it. */
  decorative?: boolean;
}) {
  const box = cn("shrink-0 overflow-hidden rounded-xl bg-slate-100 dark:bg-slate-800", className);
  if (!image) {
    return (
      <div
        aria-hidden="true"
        className={cn(box, "flex items-center justify-center font-bold text-slate-600 dark:text-slate-300")}
        style={{ width: size, height: size, fontSize: size * 0.4 }}
      >
        {name.slice(0, 1).toUpperCase()}
      </div>
    );
  }
  return (
    <img
      src={image}
      alt={decorative ? "" : `${name} logo`}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={cn(box, "object-cover")}
    />
  );
}
