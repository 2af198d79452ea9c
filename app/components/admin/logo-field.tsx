import { ImageIcon } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { toast } from "sonner";
import { FormField } from "~/components/admin/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { cn } from "~/lib/cn";
import type { ActionResult } from "~/lib/action-result";
import { LOGO_ACCEPT_ATTRIBUTE, LOGO_UPLOAD_PATH, logoFileProblem, type LogoUploaded } from "~/lib/logo-upload";
import { isLinkableUrl } from "~/lib/form-fields";

export type LogoFieldProps = {
  /** The URL input's id; the file input and messages derive theirs from it. */
  id: string;
  /** The form field the URL is submitted as ("image"). The file itself is never submitted. */
  name: string;
  value: string;
  /** Called with the typed URL, or with the stored logo's URL after an upload. */
  onChange(url: string): void;
  /** The form's validation message for the URL, e.g. 'Must be a valid URL'. */
  error?: string;
};

const PREVIEW_SIZE = 64;

/**
 * The tool form's Logo: a URL to type or paste, or an image file to upload, which fills the URL
 * in. The upload posts the file's bytes to the upload route; the server decides what it accepts,
 * the check here only spares a round trip for the obvious cases.
 */
export function LogoField({ id, name, value, onChange, error }: LogoFieldProps) {
  const [uploading, setUploading] = useState(false);
  // The URL whose preview failed to load, so a broken image shows the placeholder instead.
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = `${id}-file`;
  // Only an address the form would accept is fetched: a preview of "javascript:..." is not one.
  const showPreview = isLinkableUrl(value.trim()) && brokenUrl !== value;

  async function upload(file: File) {
    const problem = logoFileProblem(file);
    if (problem) {
      toast.error(ADMIN_TOASTS.logoUploadFailed, { description: problem });
      return;
    }
    setUploading(true);
    try {
      const response = await fetch(LOGO_UPLOAD_PATH, {
        method: "POST",
        body: file,
        headers: { "Content-Type": file.type },
        credentials: "same-origin",
      });
      const result = (await response.json().catch(() => null)) as ActionResult<LogoUploaded> | null;
      if (response.ok && result?.ok && result.data) {
        onChange(result.data.url);
        toast.success(ADMIN_TOASTS.logoUploaded);
      } else {
        toast.error(ADMIN_TOASTS.logoUploadFailed, { description: result?.formError });
      }
    } catch {
      toast.error(ADMIN_TOASTS.logoUploadFailed, {
        description: "The upload did not reach the server. Please try again.",
      });
    } finally {
      setUploading(false);
      // Cleared so that choosing the same file again is a change too.
      if (fileInput.current) fileInput.current.value = "";
    }
  }

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (file) void upload(file);
  }

  return (
    <div className="space-y-3">
      <FormField id={id} label="Logo URL" error={error}>
        {(control) => (
          <Input
            {...control}
            name={name}
            type="text"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/logo.png"
            value={value}
            // Read-only rather than disabled while uploading: a disabled input is left out of the form.
            readOnly={uploading}
            onChange={(event) => onChange(event.currentTarget.value)}
          />
        )}
      </FormField>

      <div className="flex items-center gap-4">
        <div
          className="flex shrink-0 items-center justify-center overflow-hidden rounded-md border border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900"
          style={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE }}
        >
          {showPreview ? (
            <img
              src={value}
              alt="Logo preview"
              width={PREVIEW_SIZE}
              height={PREVIEW_SIZE}
              className="h-full w-full object-contain"
              onError={() => setBrokenUrl(value)}
            />
          ) : (
            <ImageIcon aria-hidden="true" className="h-6 w-6 text-slate-400" />
          )}
        </div>
        <div className="min-w-0 space-y-1">
          <Label htmlFor={fileId}>Upload logo</Label>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={LOGO_ACCEPT_ATTRIBUTE}
            disabled={uploading}
            aria-describedby={`${fileId}-hint ${fileId}-status`}
            onChange={onFileChosen}
            className={cn(
              "block w-full text-sm text-slate-700 dark:text-slate-300",
              "file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-slate-900",
              "dark:file:border-slate-700 dark:file:bg-slate-900 dark:file:text-slate-100",
              "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-wait disabled:opacity-60",
            )}
          />
          <p id={`${fileId}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            JPEG, PNG or WebP, at most 5 MB.
          </p>
          <p id={`${fileId}-status`} role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {uploading ? "Uploading..." : ""}
          </p>
        </div>
      </div>
    </div>
  );
}
