import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import type pg from "pg";
import type { Database } from "~/server/db/client.server";
import * as schema from "~/server/db/schema.server";
import type { TestDatabase } from "./test-database";

export type LoggedStatement = { text: string; params: unknown[] };

/**
 * A second drizzle instance over the test database's own connection, with a logger: the
 * statements a data function or loader really sends, to count them or to read their plans.
 * (node-postgres logs its own begin and commit; PGlite does not.)
 */
export function loggingDatabase(database: TestDatabase) {
  const client = (database.db as unknown as { $client: unknown }).$client;
  const statements: LoggedStatement[] = [];
  const logger = { logQuery: (text: string, params: unknown[]) => void statements.push({ text, params }) };
  const db =
    database.kind === "pglite"
      ? drizzlePglite({ client: client as PGlite, schema, logger })
      : drizzlePostgres({ client: client as pg.Pool, schema, logger });
  return { db: db as unknown as Database, client, statements };
}
