import { useEffect, useState, type ComponentType } from "react";
import type { TiptapEditorProps } from "./tiptap-editor";
import { FieldMessages } from "~/components/admin/form-field";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/cn";

/**
 * The article body field: a Tiptap editor about 500 px tall, posting its HTML as `name`.
 *
 * Tiptap is heavy and browser-only, so it is fetched with a dynamic import once this component
 * has mounted: it never reaches the server render or any other page's bundle. Until it is ready
 * (and for good without JavaScript) the same frame holds a plain textarea of the HTML, so the form
 * still works and the swap does not move the page.
 */
export function RichTextEditor({
  id,
  label,
  name,
  value,
  onChange,
  hint,
  error,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  onChange: (html: string) => void;
  hint?: string;
  error?: string;
}) {
  const [Editor, setEditor] = useState<ComponentType<TiptapEditorProps> | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let live = true;
    import("./tiptap-editor").then(
      (module) => {
        if (live) setEditor(() => module.TiptapEditor);
      },
      () => {
        // A chunk that failed to download (a deploy in between, a flaky network): the textarea stays.
        if (live) setLoadFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  const fallback = (
    <>
      <div className="flex h-11 items-center border-b border-slate-200 bg-slate-50 px-3 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
        {loadFailed ? "The editor could not load; you can edit the HTML here." : "HTML"}
      </div>
      <textarea
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        spellCheck
        className="block h-[500px] w-full resize-none bg-transparent px-4 py-3 font-mono text-sm text-slate-900 focus-visible:outline-none dark:text-slate-100"
      />
    </>
  );

  return (
    <div className="space-y-2">
      <Label id={labelId} htmlFor={Editor ? undefined : id}>
        {label}
      </Label>
      <div
        className={cn(
          "overflow-hidden rounded-md border bg-white focus-within:ring-2 focus-within:ring-indigo-500 dark:bg-slate-950",
          error ? "border-red-500 dark:border-red-400" : "border-slate-300 dark:border-slate-700",
        )}
      >
        {Editor ? (
          <>
            <Editor
              value={value}
              onChange={onChange}
              labelId={labelId}
              describedBy={describedBy}
              invalid={Boolean(error)}
              fallback={fallback}
            />
            <input type="hidden" name={name} value={value} />
          </>
        ) : (
          fallback
        )}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}
