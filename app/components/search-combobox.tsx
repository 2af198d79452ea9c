import { type ComponentProps, useEffect, useId, useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import {
  type SearchSuggestion,
  SHORTEST_SUGGESTED,
  type SuggestAnswer,
  suggestText,
  suggestUrl,
} from "~/lib/search-suggestions";

/** Typing pauses this long before suggestions are asked for; each keystroke cancels the last wait. */
const SUGGEST_DELAY_MS = 120;

const noSubscription = () => () => undefined;

/** False in the server's HTML and while hydrating: without JavaScript the box is a plain search box. */
function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The suggestions for a text, asked for once typing pauses; a request the next keystroke made stale is
 * aborted, so an old answer never replaces a newer one.
 */
function useSuggestions(text: string): SearchSuggestion[] {
  const [answer, setAnswer] = useState<SuggestAnswer | null>(null);
  const q = suggestText(text);
  useEffect(() => {
    if (q.length < SHORTEST_SUGGESTED) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(suggestUrl(q), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (response.ok) setAnswer((await response.json()) as SuggestAnswer);
        })
        .catch((error: unknown) => {
          // Suggestions are a help: without them the box still searches, so a failure only goes to the console.
          if (!controller.signal.aborted) console.warn("Search suggestions failed", error);
        });
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  // The last answer stays shown while the next is on its way, so the list does not blink at each keystroke.
  return answer && q.length >= SHORTEST_SUGGESTED ? answer.suggestions : [];
}

/** Sets the box's value as typing would, so React and the form hear it (a live search follows). */
function clearInput(input: HTMLInputElement) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(input, "");
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * A search box with suggestions (decision 160): WAI-ARIA 1.2's combobox with a list popup. The focus
 * stays in the box; Arrow Down and Up move through the suggestions, Enter opens the one highlighted
 * (or submits the form's search when none is), Escape closes them, then clears the box, and Tab leaves.
 * Before JavaScript runs it is the plain search box of its GET form.
 */
export function SearchCombobox({
  onChoose,
  onChange,
  onKeyDown,
  onBlur,
  className,
  ...inputProps
}: ComponentProps<typeof Input> & {
  /** Called before a suggestion's page opens (the form drops a search still waiting to be sent). */
  onChoose?: () => void;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState("");
  const [dismissed, setDismissed] = useState(true);
  const [active, setActive] = useState(-1);
  const suggestions = useSuggestions(text);
  const open = hydrated && !dismissed && suggestions.length > 0;
  const highlighted = open && active >= 0 && active < suggestions.length ? active : -1;
  const optionId = (index: number) => `${listId}-option-${index}`;

  function choose(suggestion: SearchSuggestion) {
    onChoose?.();
    setDismissed(true);
    void navigate(suggestion.href);
  }

  return (
    <>
      <Input
        {...inputProps}
        className={className}
        {...(hydrated && {
          role: "combobox",
          "aria-autocomplete": "list" as const,
          "aria-expanded": open,
          "aria-controls": listId,
          "aria-activedescendant": highlighted >= 0 ? optionId(highlighted) : undefined,
        })}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setDismissed(false);
          setActive(-1);
          onChange?.(event);
        }}
        onBlur={(event) => {
          setDismissed(true);
          onBlur?.(event);
        }}
        onKeyDown={(event) => {
          onKeyDown?.(event);
          if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
          const count = suggestions.length;
          if (event.key === "ArrowDown" && count > 0) {
            event.preventDefault();
            setDismissed(false);
            setActive(open ? (highlighted + 1) % count : 0);
          } else if (event.key === "ArrowUp" && open) {
            event.preventDefault();
            setActive(highlighted <= 0 ? count - 1 : highlighted - 1);
          } else if (event.key === "Enter" && highlighted >= 0) {
            event.preventDefault();
            choose(suggestions[highlighted]!);
          } else if (event.key === "Enter") {
            // The form searches the words: the list has done its part.
            setDismissed(true);
          } else if (event.key === "Escape") {
            // Prevented either way: a search box's own Escape would clear it while the list is open.
            event.preventDefault();
            if (open) {
              setDismissed(true);
              setActive(-1);
            } else if (event.currentTarget.value !== "") clearInput(event.currentTarget);
          }
        }}
      />
      {hydrated && (
        <>
          {/* Positioned over what follows, so opening it moves nothing on the page. */}
          <ul
            id={listId}
            role="listbox"
            aria-label="Suggestions"
            hidden={!open}
            className="absolute left-0 right-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-left shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            {suggestions.map((suggestion, index) => (
              // The keys are the box's (aria-activedescendant): an option never takes the focus.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's input handles the keyboard for every option
              <li
                key={suggestion.href}
                id={optionId(index)}
                role="option"
                aria-selected={index === highlighted}
                // The focus stays in the box: a press on an option must not blur it (which closes the list).
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(suggestion)}
                className={cn(
                  "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm text-slate-900 dark:text-slate-100",
                  index === highlighted && "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
                )}
              >
                <span className="truncate">{suggestion.label}</span>
                <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{suggestion.detail}</span>
              </li>
            ))}
          </ul>
          {/* A live region without the status role: pages keep getByRole("status") for their own messages. */}
          <div aria-live="polite" aria-atomic="true" className="sr-only">
            {open
              ? `${suggestions.length} suggestion${suggestions.length === 1 ? "" : "s"}, Up and Down to choose`
              : ""}
          </div>
        </>
      )}
    </>
  );
}
