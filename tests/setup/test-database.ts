import fs from "node:fs";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { createRunDatabase } from "./database-server";

export type TestDatabase = DatabaseHandle & { engine: "pglite" | "postgres"; dispose(): Promise<void> };

let loadedTemplate: { path: string; blob: Blob } | undefined;

/**
 * The run's migrated PGlite dump, read once per worker: the files of a worker share its modules
 * (decision 136), and reading the file into a Blob anew cost each file about half a second of CPU.
 */
export function pgliteTemplate(): Blob {
  const templatePath = inject("pgliteTemplatePath");
  if (loadedTemplate?.path !== templatePath) {
    loadedTemplate = { path: templatePath, blob: new Blob([fs.readFileSync(templatePath)]) };
  }
  return loadedTemplate.blob;
}

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new database
 * on the PostgreSQL server at TEST_DATABASE_URL for the "postgres" project. Both are copies of the
 * run's migrated template (tests/setup/database-templates.ts), not migrated here.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.AITLAS_TEST_ENGINE !== "postgres" || !serverUrl) {
    const handle = await openDatabase({ kind: "pglite", template: pgliteTemplate() });
    return { ...handle, engine: "pglite", dispose: () => handle.close() };
  }

  const name = await createRunDatabase(serverUrl, inject("postgresRunPrefix"), inject("postgresTemplateName"));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 5 });
  return {
    ...handle,
    engine: "postgres",
    // The run's teardown drops the database (createRunDatabase says why).
    dispose: () => handle.close(),
  };
}
