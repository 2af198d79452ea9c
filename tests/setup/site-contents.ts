import { sql } from "drizzle-orm";
import { listTables, quoted, rowsOf } from "~/server/backup/database-tables.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { FileStorage } from "~/server/storage/local-storage.server";

/** Every table's rows as PostgreSQL writes them in JSON (in UTC), sorted: equal dumps, equal data. */
export async function dumpTables({ db }: Pick<DatabaseHandle, "db">): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const result: Record<string, string[]> = {};
    for (const table of await listTables(tx)) {
      const rows = await rowsOf<{ row: string }>(
        tx,
        sql`select to_jsonb(t)::text as "row" from ${quoted(table.name)} t`,
      );
      result[table.name] = rows.map((row) => row.row).sort();
    }
    return result;
  });
}

/** Every stored file's bytes (base64) by its key. */
export async function storedFiles(storage: FileStorage): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for await (const key of storage.list()) found[key] = (await storage.get(key)).body.toString("base64");
  return found;
}
