import { env as processEnv, type Env } from "../env.server";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { lockDataDir } from "./data-dir-lock.server";

export type ConfiguredDatabase = { handle: DatabaseHandle; releaseLock: () => void };

type DatabaseSettings = Pick<
  Env,
  "DATABASE_URL" | "DATABASE_POOL_SIZE" | "DATABASE_CONNECT_TIMEOUT_MS" | "DATABASE_QUERY_TIMEOUT_MS" | "dataDir"
>;

/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, else PGlite in DATA_DIR,
 * locked so that no second process (server or script) opens it at the same time. A server
 * (`serving`) gives up on a slow statement so pages can answer 503; a script waits for it.
 * `env` is the process's configuration unless a test calls a script's command in-process.
 */
export async function openConfiguredDatabase({
  serving = false,
  env = processEnv,
}: { serving?: boolean; env?: DatabaseSettings } = {}): Promise<ConfiguredDatabase> {
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
