import { Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { SearchCombobox } from "./search-combobox";

/**
 * A GET form: without JavaScript it submits on Enter; with it, results follow the typing
 * (debounced, replacing the history entry so Back leaves the page rather than each keystroke),
 * unless `live` is false, and `suggest` offers tools, tags and categories while typing (decision 160).
 * The text a visitor of live results settles on (Enter, or leaving the box) is asked for once more
 * as a document, the one kind of request the search log counts (decision 162): the typing's own
 * requests are not.
 */
export function SearchForm({
  action,
  query,
  placeholder,
  label,
  hidden = {},
  size = "default",
  live = true,
  suggest = false,
  inputId = `search-${action}`,
  landmarkLabel,
  className,
}: {
  action: string;
  query: string;
  placeholder: string;
  label: string;
  /** Fields the search keeps (the other filters); a list when a name repeats. */
  hidden?: Record<string, string> | [string, string][];
  size?: "default" | "lg";
  /** Whether the results follow the typing; false for a box on another page than its results. */
  live?: boolean;
  /** Whether the box suggests pages while typing (a combobox). */
  suggest?: boolean;
  inputId?: string;
  /** The search landmark's name, when a page has more than one. */
  landmarkLabel?: string;
  className?: string;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searching =
    navigation.state === "loading" &&
    navigation.location.pathname === action &&
    navigation.location.search.includes("q=");

  // Keep the box in step with the URL when the visitor goes back or forward.
  useEffect(() => {
    if (inputRef.current && document.activeElement !== inputRef.current) inputRef.current.value = query;
  }, [query]);
  // A search still waiting for the typing to pause is sent the moment the box loses focus: a
  // click on a link (which takes the focus first) then navigates after it, and wins, instead of
  // the search pulling the visitor back here a moment later.
  const pending = useRef<(() => void) | null>(null);
  function dropPending() {
    clearTimeout(timer.current);
    pending.current = null;
  }
  // A page loaded with a search was counted as it loaded.
  const reported = useRef(query.trim());
  function reportSearch(form: HTMLFormElement) {
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.append(name, value);
    const text = (fields.get("q") ?? "").trim();
    if (text === "" || text === reported.current) return;
    reported.current = text;
    // keepalive: a click on a result, which ends the typing, navigates away while this is sent. The
    // answer is not read; a count lost to a network failure is not worth a message to the visitor.
    void fetch(`${action}?${fields.toString()}`, { keepalive: true, cache: "no-store" }).catch(() => undefined);
  }
  function sendPending() {
    clearTimeout(timer.current);
    const send = pending.current;
    pending.current = null;
    send?.();
  }
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current = null;
    },
    [],
  );

  const inputProps = {
    id: inputId,
    type: "search",
    name: "q",
    defaultValue: query,
    placeholder,
    autoComplete: "off",
    maxLength: 200,
    className: cn("pl-10", size === "lg" && "h-12 rounded-full text-base shadow-sm"),
  };

  return (
    <Form
      method="get"
      action={action}
      role="search"
      aria-label={landmarkLabel}
      className={cn("relative w-full", className)}
      onChange={
        live
          ? (event) => {
              const form = event.currentTarget;
              clearTimeout(timer.current);
              pending.current = () => void submit(form, { replace: true, preventScrollReset: true });
              timer.current = setTimeout(sendPending, 250);
            }
          : undefined
      }
      onSubmit={live ? (event) => reportSearch(event.currentTarget) : undefined}
      onBlur={
        live
          ? (event) => {
              sendPending();
              reportSearch(event.currentTarget);
            }
          : undefined
      }
    >
      {(Array.isArray(hidden) ? hidden : Object.entries(hidden)).map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        aria-hidden="true"
        className={cn(
          "pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500",
          searching && "animate-pulse",
        )}
      />
      {suggest ? (
        <SearchCombobox ref={inputRef} onChoose={dropPending} {...inputProps} />
      ) : (
        <Input ref={inputRef} {...inputProps} />
      )}
    </Form>
  );
}
