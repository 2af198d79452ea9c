import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalog";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { AppError } from "~/lib/app-error";
import {
  CATALOG_FORMATS,
  CATALOG_KINDS,
  countsSummary,
  IMPORT_MAX_BYTES,
  IMPORT_SIZE_MESSAGE,
  isCatalogFormat,
  isCatalogKind,
  rowDetails,
  type CatalogFormat,
  type CatalogKind,
  type ImportReport,
} from "~/lib/catalog-transfer";
import type { ActionResult } from "~/lib/action-result";
import { requireAdmin } from "~/server/auth/guards.server";
import { importCatalog } from "~/server/catalog-transfer/import.server";
import { flashCookie } from "~/server/flash.server";
import { defineAction, limitedForm, ok } from "~/server/http/action-pipeline.server";
import { SITE_TAG } from "~/server/cache/page-tags.server";
import { adminPageMeta } from "~/lib/seo";
import { publicName } from "~/lib/account";

// /admin/catalog: export tools and articles as JSON or CSV, and import a file: a dry run shows
// what each row would do, then Apply posts the same text again (decisions 084 and 085). Plain
// forms, so it all works without JavaScript.

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  adminPageMeta(matches, location, "Import and export");

/**
 * `content` is the file's text as base64: a browser posts a form value's line breaks as CRLF,
 * which would change a text with LF line breaks between the dry run and Apply.
 */
type ImportChecked = { report: ImportReport; content: string; fileName: string };

/** The largest file as base64 (Apply's hidden field), with room for the multipart envelope. */
const MAX_FORM_BYTES = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 64 * 1024;

/** The file's text: the uploaded file, or the text a dry run handed back for Apply. */
async function importedText(form: FormData): Promise<{ text: string; fileName: string } | string> {
  const content = form.get("content");
  const file = form.get("file");
  if (typeof content === "string" && content !== "") {
    const fileName = form.get("fileName");
    return {
      text: Buffer.from(content, "base64").toString("utf8"),
      fileName: typeof fileName === "string" ? fileName : "",
    };
  }
  if (!(file instanceof File) || file.size === 0) return "Choose a JSON or CSV file to import.";
  if (file.size > IMPORT_MAX_BYTES) return IMPORT_SIZE_MESSAGE;
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
    return { text, fileName: file.name };
  } catch {
    return "The file must be UTF-8 text: a JSON or CSV file.";
  }
}

/** .json or .csv in the name says the format; otherwise the import looks at the text. */
function formatOf(form: FormData, fileName: string): CatalogFormat | undefined {
  const chosen = form.get("format");
  if (isCatalogFormat(chosen)) return chosen;
  const extension = /\.(\w+)$/.exec(fileName.toLowerCase())?.[1];
  return isCatalogFormat(extension) ? extension : undefined;
}

export const action = defineAction({
  guard: "admin",
  read: limitedForm({ maxBytes: MAX_FORM_BYTES, tooLargeMessage: IMPORT_SIZE_MESSAGE }),
  async run({ viewer, form, context, purge }) {
    const intent = form.get("intent");
    const kind = form.get("kind");
    if ((intent !== "dry-run" && intent !== "apply") || !isCatalogKind(kind)) {
      throw new AppError("bad-request", "Choose what to import: tools or articles.");
    }
    const file = await importedText(form);
    if (typeof file === "string") {
      throw new AppError(file === IMPORT_SIZE_MESSAGE ? "payload-too-large" : "bad-request", file);
    }
    if (Buffer.byteLength(file.text) > IMPORT_MAX_BYTES) throw new AppError("payload-too-large", IMPORT_SIZE_MESSAGE);

    // A file that is no JSON list or CSV table throws an AppError: the sender's mistake, said plainly.
    const report = await importCatalog({
      db: context.db,
      kind,
      text: file.text,
      format: formatOf(form, file.fileName),
      apply: intent === "apply",
      author: { origin: "admin", actorId: viewer.id, actorName: publicName(viewer) },
    });

    if (report.applied) {
      // An import touches many tools and articles at once: everything is purged (decision 096).
      if (report.counts.create + report.counts.update > 0) purge([SITE_TAG]);
      const title = `Import applied: ${countsSummary(report.counts, { applied: true })}`;
      return redirect("/admin/catalog", { headers: { "Set-Cookie": flashCookie({ kind: "success", title }) } });
    }
    const checked: ImportChecked = {
      report,
      content: Buffer.from(file.text).toString("base64"),
      fileName: file.fileName,
    };
    // An apply that met a refused row wrote nothing: answered as a refusal, with the rows to fix.
    if (intent === "apply") {
      return data<ActionResult<ImportChecked>>({ ok: false, code: "bad-request", data: checked }, { status: 400 });
    }
    return ok(checked);
  },
});

const KIND_LABELS: Record<CatalogKind, string> = { tools: "Tools", articles: "Articles" };
const ACTION_LABELS: Record<ImportReport["rows"][number]["action"], string> = {
  create: "Create",
  update: "Update",
  unchanged: "No change",
  refused: "Refused",
};

export default function AdminCatalog({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const checked = actionData?.data ?? null;

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Import and export</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Move tools and articles in and out as JSON or CSV. Rows are matched by slug.
        </p>
      </div>

      <section aria-labelledby="export-heading" className="space-y-3">
        <h2 id="export-heading" className="text-xl font-semibold">
          Export
        </h2>
        <ul className="space-y-2">
          {CATALOG_KINDS.map((kind) => (
            <li key={kind} className="flex flex-wrap items-center gap-3">
              <span className="w-20 font-medium">{KIND_LABELS[kind]}</span>
              {CATALOG_FORMATS.map((format) => (
                <a
                  key={format}
                  href={`/admin/catalog/export?type=${kind}&format=${format}`}
                  download
                  className="text-indigo-700 underline hover:no-underline dark:text-indigo-300"
                >
                  Download {format.toUpperCase()}
                </a>
              ))}
            </li>
          ))}
          <li className="flex flex-wrap items-center gap-3">
            <span className="font-medium">The whole catalogue</span>
            <a
              href="/admin/catalog/export?type=catalogue&format=json"
              download
              className="text-indigo-700 underline hover:no-underline dark:text-indigo-300"
            >
              Download JSON
            </a>
            <span className="text-sm text-slate-600 dark:text-slate-400">
              tags, tools with their statuses, facts and alternatives, articles: import it on another site with{" "}
              <code>npm run catalog -- import FILE</code>
            </span>
          </li>
        </ul>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          In CSV, pricing, features, pros and cons are JSON text in their cell; tags and keywords are separated by
          commas. A cell that starts with = + - or @ gets a leading quote so spreadsheets show it as text.
        </p>
      </section>

      <section aria-labelledby="import-heading" className="space-y-3">
        <h2 id="import-heading" className="text-xl font-semibold">
          Import
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A JSON list or a CSV file with a header row, at most 5 MB: our export, or the original tables&apos; columns
          (meta_title, read_time, ...). Checking writes nothing; Apply writes every row or, if any row is refused, none.
        </p>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="dry-run" />
          <label className="flex flex-col gap-1 text-sm font-medium">
            What the file holds
            <select
              name="kind"
              defaultValue={checked?.report.kind ?? "tools"}
              className="h-10 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-950"
            >
              {CATALOG_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            File
            <input type="file" name="file" required accept=".json,.csv,application/json,text/csv" className="text-sm" />
          </label>
          <Button type="submit" disabled={busy}>
            {busy ? "Checking..." : "Check file"}
          </Button>
        </Form>

        {actionData?.formError && (
          <Alert variant="destructive">
            <AlertTitle>The file was not imported</AlertTitle>
            <p>{actionData.formError}</p>
          </Alert>
        )}
        {checked && <ImportOutcome checked={checked} busy={busy} />}
      </section>
    </div>
  );
}

function ImportOutcome({ checked, busy }: { checked: ImportChecked; busy: boolean }) {
  const { report } = checked;
  const { counts } = report;
  const changes = counts.create + counts.update;
  return (
    <div className="space-y-4">
      <Alert variant={counts.refused > 0 ? "destructive" : "default"}>
        <AlertTitle>
          {checked.fileName || "The file"} ({KIND_LABELS[report.kind]}, {report.format.toUpperCase()}):{" "}
          {countsSummary(counts, { applied: false })}
        </AlertTitle>
        {counts.refused > 0 ? (
          <p>Nothing was written. Fix the refused rows and check the file again.</p>
        ) : changes === 0 ? (
          <p>Nothing to change: every row matches what is stored.</p>
        ) : (
          <p>Nothing is written until you apply.</p>
        )}
        {report.ignoredColumns.length > 0 && (
          <p className="mt-1 text-sm">Columns not read: {report.ignoredColumns.join(", ")}.</p>
        )}
      </Alert>

      {counts.refused === 0 && changes > 0 && (
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="kind" value={report.kind} />
          <input type="hidden" name="format" value={report.format} />
          <input type="hidden" name="fileName" value={checked.fileName} />
          <input type="hidden" name="content" value={checked.content} />
          <Button type="submit" disabled={busy}>
            {busy ? "Applying..." : `Apply: ${countsSummary(counts, { applied: false }).replace(/, 0 refused$/, "")}`}
          </Button>
        </Form>
      )}

      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Row</TableHead>
            <TableHead>Slug</TableHead>
            <TableHead>Outcome</TableHead>
            <TableHead>Details</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.map((row) => (
            <TableRow key={row.row}>
              <TableCell>{row.row}</TableCell>
              <TableCell className="font-mono text-sm">{row.slug || "(new)"}</TableCell>
              <TableCell className={row.action === "refused" ? "font-semibold text-red-700 dark:text-red-300" : ""}>
                {ACTION_LABELS[row.action]}
              </TableCell>
              <TableCell className="text-sm">{rowDetails(row)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
