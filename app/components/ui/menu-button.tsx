import { useId, useRef, type KeyboardEvent, type ReactNode, type ToggleEvent } from "react";
import { cn } from "~/lib/cn";

/**
 * A menu button on the browser's own popover (decision 108): the button opens and closes the menu,
 * Escape and a click outside close it, and all of that works before hydration and without JavaScript.
 * What script adds is the keyboard of the WAI-ARIA menu pattern (focus on the first item when it opens,
 * arrows, Home and End, Tab leaves and closes) and placement under the button.
 *
 * Items are `role="menuitem"` elements with `tabIndex={-1}` (see `menuItemClasses`); a link among them
 * closes the menu when used, so a client-side navigation does not leave it open.
 */
export function MenuButton({
  label,
  triggerClassName,
  trigger,
  children,
}: {
  /** The button's accessible name. */
  label: string;
  triggerClassName?: string;
  trigger: ReactNode;
  children: ReactNode;
}) {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Which item takes focus as the menu opens: the last only when ArrowUp on the button opened it.
  const focusOnOpen = useRef<"first" | "last">("first");

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  const close = (returnFocus: boolean) => {
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
    if (returnFocus) button.current?.focus();
  };

  const onBeforeToggle = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState !== "open" || !button.current) return;
    // Under the button, its right edges aligned; without script the stylesheet's corner stands in.
    const anchor = button.current.getBoundingClientRect();
    event.currentTarget.style.top = `${anchor.bottom + 6}px`;
    event.currentTarget.style.right = `${document.documentElement.clientWidth - anchor.right}px`;
  };

  const onToggle = (event: ToggleEvent<HTMLDivElement>) => {
    if (event.newState !== "open") return;
    (focusOnOpen.current === "last" ? items().at(-1) : items()[0])?.focus();
    focusOnOpen.current = "first";
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => all[(index + all.length) % all.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        focusAt(at + 1);
        break;
      case "ArrowUp":
        focusAt(at < 0 ? -1 : at - 1);
        break;
      case "Home":
        focusAt(0);
        break;
      case "End":
        focusAt(-1);
        break;
      case "Escape":
        close(true);
        break;
      case "Tab":
        // Back on the button, so the browser's own Tab moves on from there.
        close(true);
        return;
      default:
        return;
    }
    event.preventDefault();
  };

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    focusOnOpen.current = event.key === "ArrowUp" ? "last" : "first";
    menu.current?.showPopover();
  };

  return (
    <>
      {/* The browser exposes the expanded state of a popover's button itself, with or without script. */}
      <button
        ref={button}
        type="button"
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-label={label}
        className={triggerClassName}
        onKeyDown={onTriggerKeyDown}
      >
        {trigger}
      </button>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        role="menu"
        tabIndex={-1}
        aria-label={label}
        onBeforeToggle={onBeforeToggle}
        onToggle={onToggle}
        onKeyDown={onMenuKeyDown}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a[role="menuitem"]')) close(false);
        }}
        // Not a display utility: a closed popover is hidden by the browser's `display: none`.
        className="fixed inset-auto top-16 right-4 m-0 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-left shadow-lg dark:border-slate-800 dark:bg-slate-900"
      >
        {children}
      </div>
    </>
  );
}

export const menuItemClasses = cn(
  "flex w-full cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-left text-sm text-slate-800 outline-none",
  "hover:bg-slate-100 focus:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus:bg-slate-800",
);

export function MenuLabel({ children }: { children: ReactNode }) {
  return <div className="truncate px-2 py-1.5 text-xs text-slate-600 dark:text-slate-400">{children}</div>;
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-slate-200 dark:bg-slate-800" />;
}
