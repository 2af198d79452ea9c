import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { AppError } from "~/lib/app-error";

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula.
 * OWASP's advice for CSV exports: start such a cell with a single quote, which the spreadsheet
 * shows as text. Our import takes that quote off again, so an export re-imports unchanged.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'[=+\-@\t\r]/;

function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** A CSV table (RFC 4180: commas, double quotes, CRLF) with a header row. */
export function toCsv(header: string[], rows: string[][]): string {
  return stringify([header, ...rows.map((row) => row.map(neutralise))], { record_delimiter: "\r\n" });
}

/**
 * The records of a CSV file with a header row, keyed by the header's names. A file that is no
 * CSV table (an unclosed quote, a row with more cells than the header) is the sender's mistake.
 */
export function parseCsv(text: string): Record<string, string>[] {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      columns: (header: string[]) => header.map((name) => name.trim()),
      skip_empty_lines: true,
      relax_column_count_less: true,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError("bad-request", `The CSV file could not be read: ${reason}`, { cause: error });
  }
  return records.map((record) =>
    Object.fromEntries(
      Object.entries(record).map(([name, value]) => [name, NEUTRALISED.test(value) ? value.slice(1) : value]),
    ),
  );
}
