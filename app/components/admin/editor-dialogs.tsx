// The rich-text editor's dialogs (issue 34): a link, an image, and a tool of the catalogue. Real
// dialogs instead of window.prompt(): labelled fields, errors beside them, focus kept inside, and
// Escape or Cancel to leave. Only tiptap-editor.tsx uses them, so they load with the editor.
import { useEffect, useId, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FieldMessages } from "~/components/admin/form-field";
import { cn } from "~/lib/cn";
import { isLinkableUrl } from "~/lib/form-fields";
import {
  SHORTEST_SUGGESTED,
  suggestText,
  suggestUrl,
  type SearchSuggestion,
  type SuggestAnswer,
} from "~/lib/search-suggestions";

export const LINK_PROBLEM = "Links must start with https://, http://, mailto: or /";
export const IMAGE_PROBLEM = "Images must have a URL starting with https://, http:// or /";

/** Links may be web pages, email addresses or paths on this site; never javascript:, data: and the like. */
export function isAllowedLink(url: string): boolean {
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(url)) return true;
  return isLinkableUrl(url);
}

type DialogShellProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Gives the focus back to the editor once the dialog has closed. */
  onClosed: () => void;
  onSubmit: () => void;
  submitLabel: string;
  /** More buttons before Cancel (Remove link). */
  extra?: ReactNode;
  children: ReactNode;
};

/**
 * A dialog holding one small form. It is rendered in a portal, outside the article's form in the
 * page, but React still bubbles its events through the editor: its submit stops here so it never
 * saves the article.
 */
function EditorDialog({
  open,
  onOpenChange,
  title,
  description,
  onClosed,
  onSubmit,
  submitLabel,
  extra,
  children,
}: DialogShellProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    event.stopPropagation();
    onSubmit();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription className="mt-1">{description}</DialogDescription>
        <form noValidate onSubmit={submit} className="mt-4 space-y-4">
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            {extra}
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit">{submitLabel}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A labelled one-line field with its error, for the dialogs. */
function DialogField({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
} & Omit<ComponentProps<"input">, "id">) {
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={describedBy} aria-invalid={error ? true : undefined} {...input} />
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** Add, change or remove the link on the selection. An empty address removes it. */
export function LinkDialog({
  open,
  onOpenChange,
  initialHref,
  onApply,
  onRemove,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialHref: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onClosed: () => void;
}) {
  const id = useId();
  const [href, setHref] = useState(initialHref);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setHref(initialHref);
      setError(undefined);
    }
  }, [open, initialHref]);

  const apply = () => {
    const value = href.trim();
    if (value === "") {
      onRemove();
      onOpenChange(false);
      return;
    }
    if (!isAllowedLink(value)) {
      setError(LINK_PROBLEM);
      return;
    }
    onApply(value);
    onOpenChange(false);
  };

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={initialHref ? "Edit link" : "Add link"}
      description="A web address, an email address (mailto:) or a page of this site (/tool/...). Pages of this site open in the same tab."
      onClosed={onClosed}
      onSubmit={apply}
      submitLabel="Apply"
      extra={
        initialHref ? (
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              onRemove();
              onOpenChange(false);
            }}
          >
            Remove link
          </Button>
        ) : null
      }
    >
      <DialogField
        id={`${id}-href`}
        label="Link address"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        value={href}
        onChange={(event) => {
          setHref(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
    </EditorDialog>
  );
}

/** Insert a picture by its address, with the text that describes it. */
export function ImageDialog({
  open,
  onOpenChange,
  onInsert,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onInsert: (image: { src: string; alt: string }) => void;
  onClosed: () => void;
}) {
  const id = useId();
  const [src, setSrc] = useState("");
  const [alt, setAlt] = useState("");
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    if (open) {
      setSrc("");
      setAlt("");
      setError(undefined);
    }
  }, [open]);

  const insert = () => {
    const value = src.trim();
    if (!isLinkableUrl(value)) {
      setError(IMAGE_PROBLEM);
      return;
    }
    onInsert({ src: value, alt: alt.trim() });
    onOpenChange(false);
  };

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Insert image"
      description="The address must answer with an image; saving the article checks it."
      onClosed={onClosed}
      onSubmit={insert}
      submitLabel="Insert image"
    >
      <DialogField
        id={`${id}-src`}
        label="Image address"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://"
        value={src}
        onChange={(event) => {
          setSrc(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <DialogField
        id={`${id}-alt`}
        label="Alternative text"
        hint="Describe the image for people who cannot see it."
        type="text"
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
      />
    </EditorDialog>
  );
}

type ToolSearch = { status: "idle" | "searching" | "done" | "failed"; tools: SearchSuggestion[] };

/** Tools whose name (or the catalogue's search) matches the text, from the search boxes' suggestions. */
function useToolSearch(text: string, open: boolean): ToolSearch {
  const [search, setSearch] = useState<ToolSearch>({ status: "idle", tools: [] });
  const q = suggestText(text);
  useEffect(() => {
    if (!open || q.length < SHORTEST_SUGGESTED) {
      setSearch({ status: "idle", tools: [] });
      return;
    }
    const controller = new AbortController();
    setSearch((current) => ({ ...current, status: "searching" }));
    const timer = setTimeout(() => {
      fetch(suggestUrl(q), { signal: controller.signal, headers: { Accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`${response.status}`);
          const answer = (await response.json()) as SuggestAnswer;
          setSearch({ status: "done", tools: answer.suggestions.filter((item) => item.kind === "tool") });
        })
        .catch(() => {
          if (!controller.signal.aborted) setSearch({ status: "failed", tools: [] });
        });
    }, 120);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, open]);
  return search;
}

function toolSearchStatus({ status, tools }: ToolSearch): string {
  if (status === "idle") return `Type at least ${SHORTEST_SUGGESTED} letters of a tool's name.`;
  if (status === "searching") return "Searching...";
  if (status === "failed") return "The catalogue could not be searched. Please try again.";
  if (tools.length === 0) return "No tool found.";
  return tools.length === 1 ? "1 tool found." : `${tools.length} tools found.`;
}

/**
 * "Link a tool": a combobox over the catalogue (WAI-ARIA combobox with a listbox). Arrow keys move
 * through the tools, Enter links the one shown active, and the link goes to the tool's page.
 */
export function ToolPickerDialog({
  open,
  onOpenChange,
  onPick,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (tool: { name: string; href: string }) => void;
  onClosed: () => void;
}) {
  const id = useId();
  const inputId = `${id}-name`;
  const listId = `${id}-tools`;
  const [text, setText] = useState("");
  const [active, setActive] = useState(0);
  const search = useToolSearch(text, open);
  const tools = search.tools;
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (open) setText("");
  }, [open]);
  useEffect(() => setActive(0), [tools]);

  const pick = (tool: SearchSuggestion | undefined) => {
    if (!tool) return;
    onPick({ name: tool.label, href: tool.href });
    onOpenChange(false);
  };
  const move = (step: number) => {
    if (tools.length === 0) return;
    const next = (active + step + tools.length) % tools.length;
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: "nearest" });
  };
  const expanded = tools.length > 0;

  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Link a tool"
      description="Search the catalogue by name. The link goes to the tool's page and lists this article there once it is published."
      onClosed={onClosed}
      onSubmit={() => pick(tools[active])}
      submitLabel="Link tool"
    >
      <div className="space-y-2">
        <Label htmlFor={inputId}>Tool name</Label>
        <Input
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
          aria-describedby={`${id}-status`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault();
              move(1);
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              move(-1);
            }
          }}
        />
        <p id={`${id}-status`} role="status" className="text-xs text-slate-600 dark:text-slate-400">
          {toolSearchStatus(search)}
        </p>
        <ul
          id={listId}
          ref={listRef}
          role="listbox"
          aria-label="Tools"
          hidden={!expanded}
          className="max-h-64 overflow-y-auto rounded-md border border-slate-200 dark:border-slate-800"
        >
          {tools.map((tool, index) => (
            // The keys are the input's (aria-activedescendant): an option never takes the focus.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox's input handles the keyboard for every option
            <li
              key={tool.href}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              // The input keeps the focus; a press here picks without blurring it first.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(tool)}
              onMouseMove={() => setActive(index)}
              className={cn(
                "flex cursor-pointer items-baseline justify-between gap-3 px-3 py-2 text-sm",
                index === active && "bg-indigo-50 text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100",
              )}
            >
              <span className="font-medium">{tool.label}</span>
              <span className="text-xs text-slate-600 dark:text-slate-400">{tool.detail}</span>
            </li>
          ))}
        </ul>
      </div>
    </EditorDialog>
  );
}
