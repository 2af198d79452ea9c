import { Scale, X } from "lucide-react";
import { useSyncExternalStore } from "react";
import { Link } from "react-router";
import { comparePath, MAX_COMPARED_TOOLS, MIN_COMPARED_TOOLS } from "~/lib/compare";
import { COMPARE_TRAY_KEY, inTray, readTray, toggleInTray, type TrayTool } from "~/lib/compare-tray";
import { buttonClasses } from "./ui/button";

// The compare tray lives in local storage; every toggle and the bar read it through one store,
// so a change in one place (or another tab) shows everywhere at once.

const CHANGED = "aitlas:compare-tray";
/** The last change, said to screen readers by the bar's live region. */
let announcement = "";

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === COMPARE_TRAY_KEY) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGED, onChange);
  };
}

function storedTray(): string {
  try {
    return window.localStorage.getItem(COMPARE_TRAY_KEY) ?? "";
  } catch {
    // Storage refused (a privacy mode): the tray stays empty.
    return "";
  }
}

function saveTray(tray: TrayTool[], said: string) {
  try {
    window.localStorage.setItem(COMPARE_TRAY_KEY, JSON.stringify(tray));
  } catch {
    said = "Your browser does not let this site remember the tools to compare.";
  }
  announcement = said;
  window.dispatchEvent(new Event(CHANGED));
}

/** The tray, and `null` in the server's HTML and while hydrating (the server cannot know it). */
function useTray(): TrayTool[] | null {
  const stored = useSyncExternalStore(subscribe, storedTray, () => null);
  return stored === null ? null : readTray(stored);
}

function toggle(tray: TrayTool[], tool: TrayTool) {
  const { tray: next, change } = toggleInTray(tray, tool);
  const said =
    change === "added"
      ? `${tool.name} added to compare`
      : change === "removed"
        ? `${tool.name} removed from compare`
        : `Compare holds ${MAX_COMPARED_TOOLS} tools at most: remove one first`;
  saveTray(next, said);
}

/**
 * "Add to compare" for one tool, once JavaScript runs (the server renders nothing: without
 * JavaScript the tool page's "Compare with" form builds the address instead).
 */
export function CompareToggle({ tool, className }: { tool: TrayTool; className?: string }) {
  const tray = useTray();
  if (tray === null) return null;
  const chosen = inTray(tray, tool.slug);
  return (
    <button
      type="button"
      aria-pressed={chosen}
      aria-label={chosen ? `Remove ${tool.name} from compare` : `Add ${tool.name} to compare`}
      onClick={() => toggle(tray, tool)}
      className={buttonClasses({ variant: chosen ? "default" : "outline", size: "sm" }, className)}
    >
      <Scale aria-hidden="true" className="h-4 w-4" />
      {chosen ? "In compare" : "Add to compare"}
    </button>
  );
}

/** The chosen tools at the bottom of the window, with the way to compare them. */
export function CompareTrayBar() {
  const tray = useTray();
  if (tray === null) return null;
  const ready = tray.length >= MIN_COMPARED_TOOLS;
  return (
    <>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {/* Room at the end of the page, so the bar never hides the footer's last line. */}
      {tray.length > 0 && <div aria-hidden="true" className="h-24 sm:h-16" />}
      {tray.length > 0 && (
        <section
          aria-label="Compare tray"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-lg backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
        >
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3">
            <p className="text-sm font-medium text-slate-900 dark:text-slate-100">
              Compare ({tray.length} of {MAX_COMPARED_TOOLS})
            </p>
            <ul className="flex flex-wrap gap-2">
              {tray.map((tool) => (
                <li
                  key={tool.slug}
                  className="inline-flex items-center gap-1 rounded-full border border-slate-300 py-0.5 pl-3 pr-1 text-sm dark:border-slate-600"
                >
                  {tool.name}
                  <button
                    type="button"
                    aria-label={`Remove ${tool.name} from compare`}
                    onClick={() => toggle(tray, tool)}
                    className="rounded-full p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800"
                  >
                    <X aria-hidden="true" className="h-3.5 w-3.5" />
                  </button>
                </li>
              ))}
            </ul>
            <div className="ml-auto flex items-center gap-2">
              <button
                type="button"
                onClick={() => saveTray([], "Compare tray cleared")}
                className={buttonClasses({ variant: "ghost", size: "sm" })}
              >
                Clear
              </button>
              {ready ? (
                <Link to={comparePath(tray.map((tool) => tool.slug))} className={buttonClasses({ size: "sm" })}>
                  Compare {tray.length} tools
                </Link>
              ) : (
                <span className="text-sm text-slate-600 dark:text-slate-400">Add one more tool to compare</span>
              )}
            </div>
          </div>
        </section>
      )}
    </>
  );
}
