import { useEffect, useRef, type ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Room left between a focused field and the bar, in CSS pixels. */
const GAP = 16;

/**
 * A form's Save/Cancel bar, kept in view at the bottom of the window on long forms. It holds its
 * place in the page (sticky, not fixed), so nothing moves when it sticks or lets go.
 *
 * A field reached with Tab must not end up behind it: app.css gives the page a matching scroll
 * padding, which some browsers honour when they scroll a focused field into view; Chromium does
 * not, so after the browser's own scroll a field still under the bar is scrolled up above it.
 */
export function FormActions({ children, className }: { children: ReactNode; className?: string }) {
  const bar = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let frame = 0;
    function keepAboveBar(event: FocusEvent) {
      const field = event.target;
      if (!(field instanceof HTMLElement) || !bar.current || bar.current.contains(field)) return;
      // A dialog (Delete's, the AI assistant's) floats above the page: the page stays where it is.
      if (field.closest('[role="dialog"], [role="alertdialog"]')) return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!bar.current) return;
        const barTop = bar.current.getBoundingClientRect().top;
        const rect = field.getBoundingClientRect();
        const hidden = rect.bottom + GAP - barTop;
        // Never so far that the field's start leaves the top of the window (a tall editor).
        if (hidden > 0) window.scrollBy(0, Math.min(hidden, rect.top - GAP));
      });
    }
    document.addEventListener("focusin", keepAboveBar);
    return () => {
      document.removeEventListener("focusin", keepAboveBar);
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <div
      ref={bar}
      data-form-actions=""
      className={cn(
        "sticky bottom-0 z-10 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white py-4 dark:border-slate-800 dark:bg-slate-950",
        className,
      )}
    >
      {children}
    </div>
  );
}
