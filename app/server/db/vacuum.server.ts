import { sql } from "drizzle-orm";
import type { Database } from "./client.server";

/**
 * VACUUM (ANALYZE) of the app's own tables, not the system catalogues (decision 203): what the planner's
 * statistics and index-only scans need when PGlite opens, as it has no autovacuum (decision 197). At every
 * start, the catalogues cost more than all the app's tables together; the hourly upkeep job still vacuums
 * the whole database.
 */
export async function vacuumAppTables(db: Database): Promise<void> {
  const result = await db.execute(sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
    where schemaname not in ('pg_catalog', 'information_schema') order by 1`);
  const names = (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
  // The names come from the catalogue, quoted by format('%I'): nothing a user wrote.
  if (names.length > 0) await db.execute(sql.raw(`vacuum (analyze) ${names.join(", ")}`));
}
