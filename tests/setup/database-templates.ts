import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { ProvidedContext } from "vitest";
import type { TestProject } from "vitest/node";
import { dropRunDatabases, runOnDatabaseServer } from "./database-server";

// Vitest's global setup for the projects that touch SQL: the migrations run once per run, into
// templates that test files copy (decision 114). Migrating a fresh database cost 2-4 s of CPU per
// file, and a production server's first start on an empty DATA_DIR more; a copy costs a fraction.

declare module "vitest" {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite data directory (`dumpDataDir`), for the "pglite" project. */
    pgliteTemplatePath: string;
    /** A DATA_DIR with a migrated, empty embedded database, for production servers. */
    emptyDataDirTemplate: string;
    /** A DATA_DIR with a migrated database holding the demo catalogue and its logos. */
    demoDataDirTemplate: string;
    /** A migrated database on the TEST_DATABASE_URL server, for the "postgres" project. */
    postgresTemplateName: string;
    /** How the run's test databases on that server are named (createRunDatabase), for its teardown to drop them. */
    postgresRunPrefix: string;
  }
}

/** The modules below read the configuration when first imported: the runner's own process stays quiet. */
async function serverModules() {
  process.env.LOG_LEVEL = "silent";
  const [{ openDatabase }, { seedDemoCatalogue }, { createLocalStorage }, { UPLOADS_PATH }] = await Promise.all([
    import("~/server/db/client.server"),
    import("~/server/db/seed.server"),
    import("~/server/storage/local-storage.server"),
    import("~/server/storage/configured-storage.server"),
  ]);
  return { openDatabase, seedDemoCatalogue, createLocalStorage, UPLOADS_PATH };
}

type Templates = { provided: Partial<ProvidedContext>; remove: () => Promise<void> };

/**
 * Each project runs its own global setup, and "pglite" and "pglite, own modules" (likewise the two
 * PostgreSQL projects) need the same templates: the first project to ask makes them, the others
 * are given the same, and the last one to finish removes them. Every project loads this module
 * anew, so what is shared lives on the runner's global object.
 */
function sharedByProjects(kind: string, make: () => Promise<Templates>) {
  const registry = ((
    globalThis as { __aitlasTestTemplates?: Map<string, { made: Promise<Templates>; users: number }> }
  ).__aitlasTestTemplates ??= new Map());
  return async (project: TestProject) => {
    let shared = registry.get(kind);
    if (!shared) registry.set(kind, (shared = { made: make(), users: 0 }));
    shared.users++;
    const { provided, remove } = await shared.made;
    for (const [key, value] of Object.entries(provided)) {
      project.provide(key as keyof ProvidedContext, value as never);
    }
    return async () => {
      if (--shared.users > 0) return;
      registry.delete(kind);
      await remove();
    };
  };
}

/**
 * The "pglite" project: one in-memory database migrated and dumped to a file, and two data
 * directories made from that dump, one of them seeded with the demo catalogue.
 */
export const setupPgliteTemplate = sharedByProjects("pglite", async () => {
  const { openDatabase, seedDemoCatalogue, createLocalStorage, UPLOADS_PATH } = await serverModules();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-templates-"));
  const dumpFile = path.join(root, "pglite.tar");
  const memory = await openDatabase({ kind: "pglite" });
  let template: Blob;
  try {
    await memory.migrate();
    template = await (memory.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    fs.writeFileSync(dumpFile, new Uint8Array(await template.arrayBuffer()));
  } finally {
    await memory.close();
  }

  const dataDir = async (name: string, seed: boolean) => {
    const dir = path.join(root, name);
    fs.mkdirSync(dir);
    const handle = await openDatabase({ kind: "pglite", dataDir: dir, template });
    try {
      const storage = createLocalStorage({ rootDir: path.join(dir, "uploads"), publicPath: UPLOADS_PATH });
      if (seed) await seedDemoCatalogue({ db: handle.db, storage });
    } finally {
      await handle.close();
    }
    return dir;
  };

  return {
    provided: {
      pgliteTemplatePath: dumpFile,
      emptyDataDirTemplate: await dataDir("empty", false),
      demoDataDirTemplate: await dataDir("demo", true),
    },
    remove: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

/** The "postgres" project: one migrated database that `create database ... template` copies. */
export const setupPostgresTemplate = sharedByProjects("postgres", async () => {
  const { openDatabase } = await serverModules();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("The postgres project needs TEST_DATABASE_URL.");
  const runTag = randomBytes(6).toString("hex");
  const name = `aitlas_template_${runTag}`;
  const runPrefix = `aitlas_run_${runTag}`;
  await runOnDatabaseServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    // A template must have no open connection while it is copied.
    await handle.close();
  }
  return {
    provided: { postgresTemplateName: name, postgresRunPrefix: runPrefix },
    remove: async () => {
      await dropRunDatabases(serverUrl, runPrefix);
      await runOnDatabaseServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
});
