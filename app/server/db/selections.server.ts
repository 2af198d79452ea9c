import { Column, is, SQL, sql } from "drizzle-orm";

/** A drizzle selection of one table: its columns, or SQL aliased to a name. */
export type Selection = Record<string, Column | SQL.Aliased>;

/**
 * A selection written as SQL columns named as its keys, for a statement written in SQL that reads them beside the
 * ids it has found (the search's ranking statement, decision 206). The `id` key is left out: that statement names
 * its own.
 */
export function selectionSql(selection: Selection): SQL {
  return sql.join(
    Object.entries(selection)
      .filter(([key]) => key !== "id")
      .map(([key, column]) => sql`${is(column, SQL.Aliased) ? column.sql : column} as ${sql.identifier(key)}`),
    sql`, `,
  );
}

/** A row read with selectionSql (and the id) as drizzle would have returned it: each value mapped by its column. */
export function rowOfSelection<Row>(selection: Selection, row: Record<string, unknown>): Row {
  return Object.fromEntries(
    Object.entries(selection).map(([key, column]) => {
      const value = row[key];
      return [key, value !== null && is(column, Column) ? column.mapFromDriverValue(value) : value];
    }),
  ) as Row;
}
