import { cn } from "~/lib/cn";

/** Tailwind's size classes for the avatar sizes in use (class names must be written out whole). */
const SIZES = { 40: "h-10 w-10", 64: "h-16 w-16 text-xl", 72: "h-18 w-18 text-2xl" } as const;

/**
 * A member's picture, or the initial given when they have none. Decorative by default: the name is
 * always written beside it. No referrer goes with the request, as pictures may be hosted elsewhere.
 */
export function MemberAvatar({
  url,
  initial,
  size,
  alt = "",
  fallbackClassName = "rounded-full bg-slate-200 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200",
}: {
  url: string | null;
  initial: string;
  size: keyof typeof SIZES;
  alt?: string;
  fallbackClassName?: string;
}) {
  if (url) {
    return (
      <img
        src={url}
        alt={alt}
        width={size}
        height={size}
        className={cn(SIZES[size], "rounded-full object-cover")}
        referrerPolicy="no-referrer"
      />
    );
  }
  return (
    <span aria-hidden="true" className={cn(SIZES[size], "flex items-center justify-center", fallbackClassName)}>
      {initial.charAt(0).toUpperCase()}
    </span>
  );
}
