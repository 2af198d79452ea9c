import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client.server";

/**
 * The schema as the database itself describes it (pg_catalog), so a table added by a later
 * migration is backed up and restored without touching this code. Only the `public` schema:
 * drizzle's migration record is kept as the schema version, and pg-boss's `pgboss` schema is a
 * queue of work, not data (decision 081).
 */

export type TableColumn = { name: string; type: string };

export type TableShape = {
  name: string;
  /** The columns a backup stores and a restore inserts: generated columns are computed again. */
  columns: TableColumn[];
  /** Generated columns, left out of backups. */
  generated: string[];
  /** Tables this one's foreign keys point at (itself included). */
  references: string[];
  /** Column pairs of foreign keys to the table itself: [referencing, referenced]. */
  selfReferences: Array<{ from: string[]; to: string[] }>;
};

/** Runs a statement and returns its rows, on PGlite and node-postgres alike. */
export async function rowsOf<T>(db: Pick<Database, "execute">, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

export const quoted = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

export async function listTables(db: Pick<Database, "execute">): Promise<TableShape[]> {
  const columns = await rowsOf<{ table: string; column: string; type: string; generated: boolean }>(
    db,
    sql`select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as "type",
               a.attgenerated <> '' as "generated"
          from pg_attribute a
          join pg_class c on c.oid = a.attrelid
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
         order by c.relname, a.attnum`,
  );
  const keys = await rowsOf<{ table: string; target: string; from: string[]; to: string[] }>(
    db,
    sql`select c.relname as "table", r.relname as "target",
               array(select attname::text from unnest(k.conkey) with ordinality as u(num, i)
                       join pg_attribute on attrelid = k.conrelid and attnum = u.num order by u.i) as "from",
               array(select attname::text from unnest(k.confkey) with ordinality as u(num, i)
                       join pg_attribute on attrelid = k.confrelid and attnum = u.num order by u.i) as "to"
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class r on r.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
  const tables = new Map<string, TableShape>();
  for (const row of columns) {
    const table = tables.get(row.table) ?? {
      name: row.table,
      columns: [],
      generated: [],
      references: [],
      selfReferences: [],
    };
    if (row.generated) table.generated.push(row.column);
    else table.columns.push({ name: row.column, type: row.type });
    tables.set(row.table, table);
  }
  for (const key of keys) {
    const table = tables.get(key.table);
    if (!table) continue;
    table.references.push(key.target);
    if (key.target === key.table) table.selfReferences.push({ from: key.from, to: key.to });
  }
  return [...tables.values()];
}

/** Every table after the tables its foreign keys point at, so rows load with the keys checked. */
export function loadOrder(tables: TableShape[]): TableShape[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const ordered: TableShape[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (table: TableShape, path: string[]) => {
    if (state.get(table.name) === "done") return;
    if (state.get(table.name) === "visiting") {
      throw new Error(
        `Foreign keys form a cycle (${[...path, table.name].join(" -> ")}): the tables cannot be ordered`,
      );
    }
    state.set(table.name, "visiting");
    for (const target of table.references) {
      const referenced = byName.get(target);
      if (referenced && referenced !== table) visit(referenced, [...path, table.name]);
    }
    state.set(table.name, "done");
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(table, []);
  return ordered;
}

/**
 * Rows of a table that points at itself, parents first. Rows are JSON text; they are parsed here
 * only to read the key columns.
 */
export function parentsFirst(table: TableShape, lines: string[]): string[] {
  if (table.selfReferences.length === 0) return lines;
  const rows = lines.map((line) => ({ line, value: JSON.parse(line) as Record<string, unknown> }));
  const keyOf = (value: Record<string, unknown>, columns: string[]) =>
    columns.some((column) => value[column] === null || value[column] === undefined)
      ? null
      : JSON.stringify(columns.map((column) => value[column]));
  const byKey = table.selfReferences.map(({ to }) => {
    const index = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const key = keyOf(row.value, to);
      if (key !== null) index.set(key, row);
    }
    return index;
  });
  const placed = new Set<(typeof rows)[number]>();
  const ordered: string[] = [];
  const place = (row: (typeof rows)[number], depth: number) => {
    if (placed.has(row)) return;
    if (depth > rows.length) throw new Error(`Rows of ${table.name} refer to each other in a cycle`);
    table.selfReferences.forEach(({ from }, i) => {
      const key = keyOf(row.value, from);
      const parent = key === null ? undefined : byKey[i]!.get(key);
      if (parent && parent !== row) place(parent, depth + 1);
    });
    placed.add(row);
    ordered.push(row.line);
  };
  for (const row of rows) place(row, 0);
  return ordered;
}

export type SequenceValue = { name: string; lastValue: string; isCalled: boolean };

/** Every sequence of the schema and where it stands (sequences are outside transactions). */
export async function readSequences(db: Pick<Database, "execute">): Promise<SequenceValue[]> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as "name" from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const values: SequenceValue[] = [];
  for (const { name } of names) {
    const [row] = await rowsOf<{ last_value: string | number; is_called: boolean }>(
      db,
      sql`select last_value, is_called from ${quoted(name)}`,
    );
    values.push({ name, lastValue: String(row!.last_value), isCalled: row!.is_called });
  }
  return values;
}

/** How many rows each table holds, leaving out the empty ones. */
export async function tablesWithRows(
  db: Pick<Database, "execute">,
  tables: TableShape[],
): Promise<Array<{ name: string; rows: number }>> {
  const found: Array<{ name: string; rows: number }> = [];
  for (const table of tables) {
    const [row] = await rowsOf<{ count: string | number }>(
      db,
      sql`select count(*) as "count" from ${quoted(table.name)}`,
    );
    const rows = Number(row!.count);
    if (rows > 0) found.push({ name: table.name, rows });
  }
  return found;
}
