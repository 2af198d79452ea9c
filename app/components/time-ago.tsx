import { timeAgo } from "~/lib/relative-time";

/**
 * "3 minutes ago" in a <time> element. The text is relative to the moment of rendering, which the
 * browser reaches a little after the server: across a minute's boundary the two differ, and React
 * is told to keep the browser's newer text instead of reporting a hydration mismatch.
 */
export function TimeAgo({ at, className, title }: { at: Date | string; className?: string; title?: string }) {
  return (
    <time dateTime={new Date(at).toISOString()} className={className} title={title} suppressHydrationWarning>
      {timeAgo(at)}
    </time>
  );
}
