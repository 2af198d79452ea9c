// The Tiptap editor and its toolbar. Only rich-text-editor.tsx imports this, and only with a
// dynamic import() after the page has hydrated, so Tiptap stays out of every other bundle.
import { Image } from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { StarterKit } from "@tiptap/starter-kit";
import {
  Code,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo2,
  SquareCode,
  Undo2,
  Wrench,
} from "lucide-react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { cn } from "~/lib/cn";
import { ImageDialog, isAllowedLink, LinkDialog, ToolPickerDialog } from "./editor-dialogs";

export type TiptapEditorProps = {
  value: string;
  onChange: (html: string) => void;
  labelId: string;
  describedBy?: string;
  invalid?: boolean;
  /** Shown until the editor exists (its first render has no editor), so nothing flashes empty. */
  fallback: ReactNode;
};

/** Built once: useEditor compares options by identity on every render and resets what changed. */
const EXTENSIONS = [
  StarterKit.configure({
    // The toolbar makes h2 and h3; h4 is kept so stored articles that use it survive an edit.
    heading: { levels: [2, 3, 4] },
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      isAllowedUri: (url) => isAllowedLink(url),
      // No target or rel of its own: a page of this site opens in the same tab, and the sanitizer
      // gives a link to another site its new tab and rel when the article is saved (issue 34).
      HTMLAttributes: { target: null, rel: null },
    },
  }),
  Image.configure({ allowBase64: false }),
];

export function TiptapEditor({ value, onChange, labelId, describedBy, invalid, fallback }: TiptapEditorProps) {
  // The HTML the editor last reported or was given; a different `value` comes from outside
  // (the form refilled from the loader) and replaces the document.
  const known = useRef(value);
  const [initialContent] = useState(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editorProps = useMemo(() => {
    const attributes: Record<string, string> = {
      role: "textbox",
      "aria-multiline": "true",
      "aria-labelledby": labelId,
      class: "prose-content min-h-full px-4 py-3 text-slate-800 focus:outline-none dark:text-slate-200",
    };
    if (describedBy) attributes["aria-describedby"] = describedBy;
    if (invalid) attributes["aria-invalid"] = "true";
    return { attributes };
  }, [labelId, describedBy, invalid]);

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialContent,
    // Rendered in the browser only; on the server the form shows a plain textarea instead.
    immediatelyRender: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? "" : current.getHTML();
      known.current = html;
      onChangeRef.current(html);
    },
  });

  useEffect(() => {
    if (!editor || value === known.current) return;
    known.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  if (!editor) return <>{fallback}</>;
  return (
    <>
      <Toolbar editor={editor} />
      <div className="h-[500px] overflow-y-auto">
        <EditorContent editor={editor} className="h-full [&>.ProseMirror]:min-h-full" />
      </div>
    </>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading2: current.isActive("heading", { level: 2 }),
      heading3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      link: current.isActive("link"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      codeBlock: current.isActive("codeBlock"),
      code: current.isActive("code"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();

  const [dialog, setDialog] = useState<"link" | "image" | "tool" | null>(null);
  const [linkHref, setLinkHref] = useState("");
  const openLinkDialog = () => {
    setLinkHref((editor.getAttributes("link").href as string | undefined) ?? "");
    setDialog("link");
  };
  const dialogProps = (name: "link" | "image" | "tool") => ({
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
    onClosed: () => editor.commands.focus(),
  });

  /** Links the selection, or inserts `text` linked (then a space, so what is typed next is not). */
  const link = (href: string, text: string) => {
    // No target: a page of this site stays in the same tab, even where the selection linked elsewhere before.
    const attrs = { href, target: null, rel: null };
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain()
        .insertContent([
          { type: "text", text, marks: [{ type: "link", attrs }] },
          { type: "text", text: " " },
        ])
        .run();
      return;
    }
    chain().extendMarkRange("link").setLink(attrs).run();
  };
  return (
    // A narrow window scrolls the buttons sideways; no scrollbar, which would take height from the
    // fixed bar and move its buttons once the editor loads (a focused button scrolls into view).
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-orientation="horizontal"
      className="flex h-11 items-center gap-0.5 overflow-x-auto border-b border-slate-200 bg-slate-50 px-1.5 [scrollbar-width:none] dark:border-slate-800 dark:bg-slate-900"
    >
      <ToolButton label="Heading 2" pressed={state.heading2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Heading 3" pressed={state.heading3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <Separator />
      <ToolButton label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <span aria-hidden="true" className="text-sm font-extrabold">
          B
        </span>
      </ToolButton>
      <ToolButton label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Link" pressed={state.link} onClick={openLinkDialog}>
        <LinkIcon aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Link a tool" onClick={() => setDialog("tool")}>
        <Wrench aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <Separator />
      <ToolButton label="Bullet list" pressed={state.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Numbered list" pressed={state.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Quote" pressed={state.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Inline code" pressed={state.code} onClick={() => chain().toggleCode().run()}>
        <Code aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Code block" pressed={state.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <SquareCode aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Image" onClick={() => setDialog("image")}>
        <ImagePlus aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <Separator />
      <ToolButton label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <ToolButton label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 aria-hidden="true" className="h-4 w-4" />
      </ToolButton>
      <LinkDialog
        {...dialogProps("link")}
        initialHref={linkHref}
        onApply={(href) => link(href, href)}
        onRemove={() => chain().extendMarkRange("link").unsetLink().run()}
      />
      <ToolPickerDialog {...dialogProps("tool")} onPick={({ name, href }) => link(href, name)} />
      <ImageDialog {...dialogProps("image")} onInsert={({ src, alt }) => chain().setImage({ src, alt }).run()} />
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** Undefined for actions (Image, Undo, Redo), which are not toggles. */
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: a mouse press on the button would otherwise move focus first.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex h-8 w-8 shrink-0 items-center justify-center rounded text-slate-700 hover:bg-slate-200 dark:text-slate-200 dark:hover:bg-slate-800",
        "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-40",
        pressed && "bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200",
      )}
    >
      {children}
    </button>
  );
}

function Separator() {
  return <span aria-hidden="true" className="mx-1 h-5 w-px shrink-0 bg-slate-300 dark:bg-slate-700" />;
}
