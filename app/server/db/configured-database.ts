import { env } from "../env";
import { openDatabase, type DatabaseHandle } from "./client";
import { lockDataDir } from "./data-dir-lock";

export type ConfiguredDatabase = { handle: DatabaseHandle; releaseLock: () => void };

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR,
 * locked so that no second process (server or script) opens it at the same time.
 */
export async function openConfiguredDatabase(): Promise<ConfiguredDatabase> {
  if (env.DATABASE_URL) {
    const handle = await openDatabase({ kind: "postgres", url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE });
    return { handle, releaseLock: () => {} };
  }
  const releaseLock = lockDataDir(env.dataDir);
  try {
    return { handle: await openDatabase({ kind: "pglite", dataDir: env.dataDir }), releaseLock };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
