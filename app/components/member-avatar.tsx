import { cn } from "~/lib/cn";

const SIZES = {
  40: "h-10 w-10",
  64: "h-16 w-16 text-xl",
  72: "h-18 w-18 text-2xl",
} as const;

/**
 * A member's picture, or the first letter of their public name in a circle when they have none.
 * Decorative by default (the name stands beside it); pass `alt` where the picture is the subject.
 */
export function MemberAvatar({
  name,
  avatarUrl,
  size = 40,
  alt = "",
}: {
  name: string;
  avatarUrl: string | null;
  size?: keyof typeof SIZES;
  alt?: string;
}) {
  if (avatarUrl) {
    return (
      <img
        src={avatarUrl}
        alt={alt}
        width={size}
        height={size}
        className={cn("shrink-0 rounded-full object-cover", SIZES[size])}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        "flex shrink-0 items-center justify-center rounded-full bg-slate-200 font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200",
        SIZES[size],
      )}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
