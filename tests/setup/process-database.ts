import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { createRunDatabase } from "./database-server";

/**
 * A database for tests that start other processes (a command, a worker): PGlite in a temporary
 * DATA_DIR, or a fresh database on the PostgreSQL server at TEST_DATABASE_URL for the "postgres"
 * project. `env` points a child process at it; `withDatabase` opens it in this process for a
 * moment (PGlite admits one process at a time, so never while a child holds it).
 */
export type ProcessDatabase = {
  env: { DATA_DIR: string; DATABASE_URL: string };
  withDatabase<T>(run: (handle: DatabaseHandle) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
};

export async function createProcessDatabase(prefix: string): Promise<ProcessDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aitlas-${prefix}-`));
  const serverUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = process.env.AITLAS_TEST_ENGINE === "postgres" && Boolean(serverUrl);
  let databaseUrl = "";
  // A copy of the run's migrated template (decision 114): the child finds nothing left to migrate.
  if (!onPostgres) fs.cpSync(inject("emptyDataDirTemplate"), dataDir, { recursive: true });
  if (onPostgres) {
    // Dropped by the run's teardown, with the others (createRunDatabase says why).
    const name = await createRunDatabase(serverUrl!, inject("postgresRunPrefix"), inject("postgresTemplateName"));
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    async withDatabase(run) {
      const handle = onPostgres
        ? await openDatabase({ kind: "postgres", url: databaseUrl, poolSize: 2 })
        : await openDatabase({ kind: "pglite", dataDir });
      try {
        await handle.migrate();
        return await run(handle);
      } finally {
        await handle.close();
      }
    },
    async dispose() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
