import path from "node:path";
import { PGlite, type Transaction, types as pgTypes } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { logger } from "../logger.server";
import * as schema from "./schema.server";

/** Data code is typed against this, so it runs unchanged on PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Where the data lives, for logs: a directory, "memory", or the server's host. */
  location: string;
  /** Applies the migrations of `folder` (default: drizzle/) that this database has not had yet. */
  migrate(folder?: string): Promise<void>;
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /**
   * Calls onNotify for every NOTIFY on the channel, from any process using this database (after
   * the notifying transaction commits). Returns the unsubscribe function.
   */
  /** Calls onNotify with each notification's payload; with "" after a lost connection (one may have been missed). */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * How the job queue (pg-boss) reaches this database: its own small pool on PostgreSQL, or this
   * process's PGlite itself (through pg-boss's PGlite adapter).
   */
  jobQueueConnection: JobQueueConnection;
  close(): Promise<void>;
};

export type JobQueueConnection =
  | { connectionString: string; connectionTimeoutMillis?: number }
  | { pglite: Pick<PGlite, "query" | "exec" | "listen"> };

/**
 * How long PostgreSQL may take before a request gives up on it: without limits, a database behind
 * a network that drops packets holds every request (and a pooled connection each) indefinitely.
 */
export type PostgresTimeouts = {
  /** Opening a connection, or waiting for a free one in a full pool. */
  connectMs: number;
  /**
   * One statement: the server cancels it (statement_timeout); the client stops waiting (query_timeout)
   * CLIENT_WAIT_MARGIN_MS later, when the server has not answered at all.
   */
  queryMs?: number;
};

export type DatabaseOptions =
  | { kind: "postgres"; url: string; poolSize?: number; timeouts?: PostgresTimeouts }
  /**
   * dataDir undefined: an in-memory database, for tests. template: a dumped data directory
   * (`dumpDataDir`) to start from instead of an empty one, so tests copy one migrated database
   * rather than migrating their own (decision 114).
   */
  | { kind: "pglite"; dataDir?: string; template?: Blob };

export const migrationsFolder = path.resolve("drizzle");
/** An arbitrary, fixed key for PostgreSQL's advisory lock around migrations. */
const MIGRATION_LOCK_KEY = 7_402_311;

/**
 * PGlite's buffer pool lives in the server's own memory, and its default (128 MB, all of it touched
 * at start) was the largest part of a resting server (decision 111). The pages it no longer holds
 * stay in the operating system's file cache, one read away; at 10,000 tools the lists and searches
 * answered as fast with 32 MB.
 */
const PGLITE_SHARED_BUFFERS = "32MB";

/**
 * The size of a new embedded database's write-ahead log files, fixed when it is created (existing
 * data directories keep theirs). PostgreSQL's 16 MB suits a server's write volume; an embedded
 * database writes little, and each 16 MB file (a fresh directory holds two) was half of its size on
 * disk, of every copy of it, and of each dump a test file loads (decision 196).
 */
const PGLITE_WAL_SEGMENT_MB = 1;

/**
 * How much longer the client waits than the server's statement_timeout. Equal, the client's timer
 * fired first: node-postgres then drops the statement while the server still runs it, and a
 * transaction's rollback queued behind it could be dropped the same way, handing the pool a
 * connection stuck in a failed transaction (brianc/node-postgres#3399). A little later, the
 * server's cancel (57014) arrives first on a working link and the connection stays in step; a
 * silent one still answers 503 within a second or so more than the statement's limit.
 */
export const CLIENT_WAIT_MARGIN_MS = 250;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...connectionSettings(options.timeouts),
      ...(options.timeouts?.queryMs && {
        statement_timeout: options.timeouts.queryMs,
        query_timeout: options.timeouts.queryMs + CLIENT_WAIT_MARGIN_MS,
      }),
    });
    closeConnectionsReturnedMidTransaction(pool);
    // An idle connection that breaks (database restart, network cut) is dropped by the pool and
    // replaced by the next query; without a listener, the pool's "error" event would end the process.
    pool.on("error", (error) => logger.warn({ err: error }, "lost an idle database connection"));
    // A connection checked out of the pool (a transaction) has no listener of the pool's: one that
    // breaks then would raise an unhandled "error" and end the process. Its query has failed
    // already, and the pool discards a broken connection when it comes back.
    pool.on("connect", (client) =>
      client.on("error", (error) => logger.warn({ err: error }, "lost a database connection in use")),
    );
    const db = drizzlePostgres({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      location: new URL(options.url).host,
      migrate: async (folder = migrationsFolder) => {
        // Several processes may start at once on one database: the first migrates, the others
        // wait on this session lock and then find nothing left to apply. A migration may run
        // longer than a page's statement, so it has a connection of its own without query limits.
        const migrator = new pg.Client({ connectionString: options.url, ...connectionSettings(options.timeouts) });
        migrator.on("error", (error) => logger.warn({ err: error }, "lost the migration connection"));
        await migrator.connect();
        try {
          await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          await migratePostgres(drizzlePostgres({ client: migrator, schema }), { migrationsFolder: folder });
        } finally {
          // Closing the session releases its lock too.
          await migrator
            .end()
            .catch((error: unknown) => logger.warn({ err: error }, "could not close the migration connection"));
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, onNotify) => listenOnPostgres(options.url, options.timeouts, channel, onNotify),
      jobQueueConnection: { connectionString: options.url, connectionTimeoutMillis: options.timeouts?.connectMs },
      close: () => pool.end(),
    };
  }

  const client = await PGlite.create({
    dataDir: options.dataDir ? path.join(options.dataDir, "pglite") : undefined,
    loadDataDir: options.template,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    initDbStartParams: [`--wal-segsize=${PGLITE_WAL_SEGMENT_MB}`],
  });
  const { forDrizzle, forOthers } = shareParsers(client);
  const db = drizzlePglite({ client: forDrizzle, schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    location: options.dataDir ?? "memory",
    migrate: (folder = migrationsFolder) =>
      migratePglite(drizzlePglite({ client: forDrizzle, schema }), { migrationsFolder: folder }),
    ping: async () => {
      await client.query("select 1");
    },
    listen: (channel, onNotify) => client.listen(channel, (payload) => onNotify(payload)),
    jobQueueConnection: { pglite: forOthers },
    close: async () => {
      if (client.closed) return;
      // Flush to disk before closing so the next start finds a clean data directory.
      if (options.dataDir) await client.exec("CHECKPOINT");
      await client.close();
    },
  };
}

/**
 * The types drizzle reads as PostgreSQL's text (it converts them itself): timestamps, dates, intervals and
 * their arrays, and numeric arrays. drizzle-orm/pglite passes these parsers with every statement.
 */
const DRIZZLE_TEXT_TYPES = [
  pgTypes.TIMESTAMP,
  pgTypes.TIMESTAMPTZ,
  pgTypes.INTERVAL,
  pgTypes.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

type QueryOptions = Parameters<PGlite["query"]>[2];
type Parsers = NonNullable<NonNullable<QueryOptions>["parsers"]>;

/**
 * PGlite copies its whole table of parsers (377 types) into a new object for every statement that brings
 * parsers of its own, as drizzle's all do: 155 KB and about 0.1 ms a statement, 2 of the 9 MB a search page
 * allocated (decision 209). Instead, the instance's own parsers read drizzle's types as text, and drizzle's
 * statements go without theirs (`forDrizzle`); the job queue and anything else using the instance directly
 * (`forOthers`) bring PGlite's original parsers for those few types, paying the copy on their few statements.
 * Should the table be rebuilt (`refreshArrayTypes`), drizzle's statements keep their parsers again.
 */
function shareParsers(client: PGlite) {
  const original: Parsers = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    original[type] = client.parsers[type]!;
    client.parsers[type] = asText;
  }
  /** drizzle's options without its parsers, when they are exactly the types the instance now reads as text. */
  const withoutParsers = (options: QueryOptions): QueryOptions => {
    const parsers = options?.parsers;
    if (
      !parsers ||
      Object.keys(parsers).length !== DRIZZLE_TEXT_TYPES.length ||
      !DRIZZLE_TEXT_TYPES.every((type) => type in parsers && client.parsers[type] === asText)
    )
      return options;
    const { parsers: _drizzles, ...rest } = options;
    return rest;
  };
  const stripping = <Target extends PGlite | Transaction>(target: Target): Target =>
    new Proxy(target, {
      get(object, property) {
        if (property === "query")
          return (text: string, params?: unknown[], options?: QueryOptions) =>
            object.query(text, params, withoutParsers(options));
        if (property === "transaction" && object instanceof PGlite)
          return <Result>(callback: (tx: Transaction) => Promise<Result>) =>
            object.transaction((tx) => callback(stripping(tx)));
        const value: unknown = Reflect.get(object, property, object);
        return typeof value === "function" ? value.bind(object) : value;
      },
    });
  const theirs = { parsers: original };
  const forOthers: Pick<PGlite, "query" | "exec" | "listen"> = {
    query: (text, params, options) => client.query(text, params, { ...theirs, ...options }),
    exec: (text, options) => client.exec(text, { ...theirs, ...options }),
    listen: (channel, callback, tx) => client.listen(channel, callback, tx),
  };
  return { forDrizzle: stripping(client), forOthers };
}

/** pg-pool's own test of a client it takes back (its `_queryable`, as its source notes, not yet public). */
type TrackedClient = pg.PoolClient & { connection: NodeJS.EventEmitter; _queryable: boolean };

/**
 * A connection must come back to the pool outside any transaction: one whose rollback never ran
 * (the client gave up waiting, a rollback that failed) would run the next caller's statements in a
 * failed transaction ("current transaction is aborted") for as long as the pool keeps it. The
 * server's last ReadyForQuery says where it stands ('I' idle, 'T' in a transaction, 'E' a failed
 * one); any other state at release closes the connection, and the pool opens a fresh one.
 */
function closeConnectionsReturnedMidTransaction(pool: pg.Pool) {
  const status = new WeakMap<pg.PoolClient, string>();
  pool.on("connect", (client) => {
    // Connected means the startup's ReadyForQuery came: idle. Later ones are read before the client's
    // own handler, which may release the client (pool.query does) before its other listeners run.
    status.set(client, "I");
    (client as TrackedClient).connection.prependListener("readyForQuery", (message: { status: string }) =>
      status.set(client, message.status),
    );
  });
  pool.on("release", (error, client) => {
    if (error || status.get(client) === "I") return;
    logger.warn({ status: status.get(client) }, "closed a database connection returned inside a transaction");
    // Read by the pool right after this event: the client is removed and ended (its socket destroyed).
    (client as TrackedClient)._queryable = false;
  });
}

/**
 * Keep-alive probes let the operating system notice a peer that vanished without closing the
 * connection; the connect timeout stops a connection attempt into silence from waiting forever.
 */
function connectionSettings(timeouts: PostgresTimeouts | undefined) {
  return {
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    ...(timeouts && { connectionTimeoutMillis: timeouts.connectMs }),
  };
}

const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN needs a session of its own, outside the pool. When that connection breaks, a
 * notification may have been missed, so onNotify runs once on reconnecting.
 */
async function listenOnPostgres(
  url: string,
  timeouts: PostgresTimeouts | undefined,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (reconnecting: boolean) => {
    const next = new pg.Client({ connectionString: url, ...connectionSettings(timeouts) });
    next.on("notification", (message) => {
      if (message.channel === channel) onNotify(message.payload ?? "");
    });
    next.on("error", (error) => {
      logger.warn({ err: error, channel }, "lost the database notification connection; reconnecting");
      void next.end().catch(() => undefined);
      scheduleReconnect();
    });
    await next.connect();
    await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    client = next;
    if (reconnecting) {
      onNotify("");
      logger.info({ channel }, "reconnected the database notification connection");
    }
  };
  const scheduleReconnect = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect(true).catch((error) => {
        logger.warn({ err: error, channel }, "could not reconnect the database notification connection");
        scheduleReconnect();
      });
    }, LISTEN_RETRY_MS);
    retry.unref();
  };

  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
  };
}
