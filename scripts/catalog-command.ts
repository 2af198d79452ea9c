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
} from "~/lib/catalog-transfer";
import { createPageCache } from "~/server/cache/page-cache.server";
import { connectPagePurges } from "~/server/cache/page-purge.server";
import { SITE_TAG } from "~/server/cache/page-tags.server";
import { exportCatalog } from "~/server/catalog-transfer/catalog-records.server";
import { importCatalog } from "~/server/catalog-transfer/import.server";
import { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { openConfiguredDatabase, type ConfiguredDatabase } from "~/server/db/configured-database.server";
import { env as processEnv, type Env } from "~/server/env.server";
import type { CommandOutcome } from "./command";

const usage = `Usage: npm run catalog -- export [--format json|csv] [--type tools|articles] [--out FILE]
       npm run catalog -- import FILE [--type tools|articles] [--format json|csv] [--apply]
Type defaults to tools, export format to json; an import checks the file (a dry run) unless --apply.`;

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
  const kind = values.type ?? "tools";
  const format = values.format;
  const exporting = command === "export" && file === undefined && !values.apply;
  const importing = command === "import" && file !== undefined && extra.length === 0 && values.out === undefined;
  if ((!exporting && !importing) || !isCatalogKind(kind) || (format !== undefined && !isCatalogFormat(format))) {
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
    if (exporting) {
      const exported = await exportCatalog({ db: handle.db, kind, format: format ?? "json" });
      if (!values.out) return { code: 0, out: exported.body.trimEnd() };
      fs.writeFileSync(values.out, exported.body);
      return { code: 0, out: `Wrote ${values.out}` };
    }
    let report: ImportReport;
    try {
      report = await importCatalog({
        db: handle.db,
        kind,
        text,
        format,
        apply: values.apply === true,
        author: { origin: "admin", actorId: null, actorName: "Import" },
      });
    } catch (error) {
      if (error instanceof AppError) return { code: 1, err: `${file}: ${error.message}` };
      throw error;
    }
    // Servers on the same PostgreSQL database hear this and purge their cached pages (an import touches many: all).
    if (report.applied && report.counts.create + report.counts.update > 0) await purges.purgePages([SITE_TAG]);
    return { code: report.counts.refused > 0 ? 1 : 0, out: reportLines(report) };
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
    },
  });
}
