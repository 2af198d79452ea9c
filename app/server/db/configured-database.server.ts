import { env } from "../env.server";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { lockDataDir } from "./data-dir-lock.server";

export type ConfiguredDatabase = { handle: DatabaseHandle; releaseLock: () => void };

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR,
 * locked so that no second process (server or script) opens it at the same time. A server
 * (`serving`) gives up on a slow statement so pages can answer 503; a script waits for it.
 */
export async function openConfiguredDatabase({ serving = false } = {}): Promise<ConfiguredDatabase> {
  if (env.DATABASE_URL) {
    const handle = await openDatabase({
      kind: "postgres",
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      timeouts: {
        connectMs: env.DATABASE_CONNECT_TIMEOUT_MS,
        queryMs: serving ? env.DATABASE_QUERY_TIMEOUT_MS : undefined,
      },
    });
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
