import { cn } from "~/lib/cn";

/** Renders HTML that the server has already sanitized (see server/content/sanitize-html.server.ts). */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn("prose-content text-slate-800 dark:text-slate-200", className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
