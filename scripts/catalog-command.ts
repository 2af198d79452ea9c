import fs from "node:fs";
import { parseArgs } from "node:util";
import { AppError } from "~/lib/app-error";
import {
  countsSummary,
  IMPORT_MAX_BYTES,
  IMPORT_SIZE_MESSAGE,
  isCatalogFormat,
  isCatalogKind,
  rowDetails,
  type ImportReport,
  type RowOutcome,
} from "~/lib/catalog-transfer";
import { createPageCache } from "~/server/cache/page-cache.server";
import { connectPagePurges } from "~/server/cache/page-purge.server";
import { SITE_TAG } from "~/server/cache/page-tags.server";
import { exportCatalog } from "~/server/catalog-transfer/catalog-records.server";
import {
  exportCatalogueDocument,
  importCatalogueDocument,
  anythingRefused,
  isCatalogueDocument,
  type CatalogueImportReport,
  type ToolSettingOutcome,
} from "~/server/catalog-transfer/catalogue-document.server";
import { importCatalog } from "~/server/catalog-transfer/import.server";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { env as processEnv, type Env } from "~/server/env.server";
import type { CommandOutcome } from "./command";

const usage = `Usage: npm run catalog -- export [--format json|csv] [--type tools|articles|catalogue] [--out FILE]
       npm run catalog -- import FILE [--type tools|articles|catalogue] [--format json|csv] [--apply] [--strict]
Type defaults to tools (an import of a catalogue document is recognised), export format to json;
"catalogue" is the whole catalogue in one JSON document: tags, tools, statuses, alternatives, articles.
An import checks the file (a dry run) unless --apply; tags the site lacks are created unless --strict.`;

/** The outcome of a catalogue document's import: a section for each part, then what was done. */
function catalogueReportLines(report: CatalogueImportReport): string {
  const lines: string[] = [];
  const section = (title: string, rows: { name: string; action: string; details: string }[]) => {
    const counted = new Map<string, number>();
    for (const row of rows) counted.set(row.action, (counted.get(row.action) ?? 0) + 1);
    const summary = [...counted].map(([action, count]) => `${count} ${action}`).join(", ") || "none";
    lines.push(`${title}: ${summary}`);
    for (const row of rows.filter((item) => item.action !== "unchanged")) {
      lines.push(`  ${row.action.padEnd(9)}  ${row.name}${row.details ? `  ${row.details}` : ""}`);
    }
  };
  const byRow = (row: RowOutcome) => ({ name: row.slug || "(new)", action: row.action, details: rowDetails(row) });
  const bySetting = (row: ToolSettingOutcome) => ({
    name: row.tool,
    action: row.action,
    details: row.problems.join("; "),
  });
  section(
    "Tags",
    report.tags.map((tag) => ({ name: tag.slug, action: tag.action, details: tag.problems.join("; ") })),
  );
  section("Tools", report.tools.map(byRow));
  section("Articles", report.articles.map(byRow));
  section("Statuses", report.statuses.map(bySetting));
  section("Alternatives", report.alternatives.map(bySetting));
  section("Facts", report.facts.map(bySetting));
  lines.push(
    "",
    report.applied
      ? "Applied."
      : anythingRefused(report)
        ? "Nothing was written: fix the refused entries and run again."
        : "Dry run: nothing was written: run again with --apply to write it.",
  );
  return lines.join("\n");
}

/** The outcome table: one line per row, then the counts. */
function reportLines(report: ImportReport): string {
  const width = Math.max(4, ...report.rows.map((row) => row.slug.length));
  const lines = [`${"row".padEnd(5)}  ${"slug".padEnd(width)}  ${"outcome".padEnd(9)}  details`];
  for (const row of report.rows) {
    const details = rowDetails(row);
    lines.push(
      `${String(row.row).padEnd(5)}  ${(row.slug || "(new)").padEnd(width)}  ${row.action.padEnd(9)}  ${details}`.trimEnd(),
    );
  }
  if (report.ignoredColumns.length > 0) lines.push("", `Columns not read: ${report.ignoredColumns.join(", ")}`);
  lines.push(
    "",
    `${report.applied ? "Applied" : "Dry run"}: ${countsSummary(report.counts, { applied: report.applied })}.`,
  );
  if (!report.applied) {
    lines.push(
      report.counts.refused > 0
        ? "Nothing was written: fix the refused rows and run again."
        : "Nothing was written: run again with --apply to write it.",
    );
  }
  return lines.join("\n");
}

/** `npm run catalog` (scripts/catalog.ts). */
export async function catalog(args: string[], env: Env = processEnv): Promise<CommandOutcome> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch {
    return { code: 2, err: usage };
  }
  const { positionals, values } = parsed;
  const [command, file, ...extra] = positionals;
  const format = values.format;
  const exporting = command === "export" && file === undefined && !values.apply && !values.strict;
  const importing = command === "import" && file !== undefined && extra.length === 0 && values.out === undefined;
  const wholeCatalogue = values.type === "catalogue";
  const kind = wholeCatalogue ? "tools" : (values.type ?? "tools");
  if (
    (!exporting && !importing) ||
    !isCatalogKind(kind) ||
    (format !== undefined && !isCatalogFormat(format)) ||
    (wholeCatalogue && format === "csv")
  ) {
    return { code: 2, err: usage };
  }

  let text = "";
  if (importing) {
    try {
      if (fs.statSync(file).size > IMPORT_MAX_BYTES) return { code: 1, err: `${file}: ${IMPORT_SIZE_MESSAGE}` };
      text = fs.readFileSync(file, "utf8");
    } catch (error) {
      return { code: 1, err: `Could not read ${file}: ${(error as Error).message}` };
    }
  }

  let opened: ConfiguredDatabase;
  try {
    opened = await openConfiguredDatabase({ env });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      return {
        code: 1,
        err: `${error.message}\nWhile the server runs, import and export from the admin area: /admin/catalog.`,
      };
    }
    throw error;
  }
  const { handle, releaseLock } = opened;
  const purges = await connectPagePurges({ handle, cache: createPageCache({ ttlMs: 0, staleMs: 0, maxBytes: 1 }) });
  try {
    await handle.migrate();
    const author = { origin: "admin", actorId: null, actorName: "Import" } as const;
    if (exporting) {
      const exported = wholeCatalogue
        ? await exportCatalogueDocument({ db: handle.db, siteUrl: env.PUBLIC_URL ?? null })
        : await exportCatalog({ db: handle.db, kind, format: format ?? "json" });
      if (!values.out) return { code: 0, out: exported.body.trimEnd() };
      fs.writeFileSync(values.out, exported.body);
      return { code: 0, out: `Wrote ${values.out}` };
    }
    try {
      const apply = values.apply === true;
      const strict = values.strict === true;
      if (wholeCatalogue || (values.type === undefined && isCatalogueDocument(text))) {
        const report = await importCatalogueDocument({ db: handle.db, text, apply, strict, author });
        if (report.applied) await purges.purgePages([SITE_TAG]);
        return { code: anythingRefused(report) ? 1 : 0, out: catalogueReportLines(report) };
      }
      const report = await importCatalog({ db: handle.db, kind, text, format, apply, strict, author });
      // Servers on the same PostgreSQL database hear this and purge their cached pages (an import touches many: all).
      if (report.applied && report.counts.create + report.counts.update > 0) await purges.purgePages([SITE_TAG]);
      return { code: report.counts.refused > 0 ? 1 : 0, out: reportLines(report) };
    } catch (error) {
      // A file the import cannot read at all: the operator's mistake, said with its reason.
      if (error instanceof AppError) return { code: 1, err: `${file}: ${error.message}` };
      throw error;
    }
  } finally {
    await purges.stop();
    await handle.close();
    releaseLock();
  }
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: {
      type: { type: "string" },
      format: { type: "string" },
      out: { type: "string" },
      apply: { type: "boolean" },
      strict: { type: "boolean" },
    },
  });
}
