import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";

export type TestDatabase = DatabaseHandle & { engine: "pglite" | "postgres"; dispose(): Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server at TEST_DATABASE_URL for the "postgres" project.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.AITLAS_TEST_ENGINE !== "postgres" || !serverUrl) {
    const handle = await openDatabase({ kind: "pglite" });
    await handle.migrate();
    return { ...handle, engine: "pglite", dispose: () => handle.close() };
  }

  const name = `aitlas_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    engine: "postgres",
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
