import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { openDatabase } from "./client.server";
import { tools } from "./schema.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const appliedMigrations = async () => {
  const result = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

if (process.env.AITLAS_TEST_ENGINE !== "postgres") {
  const walSegmentSize = async (handle: { db: TestDatabase["db"] }) => {
    const result = await handle.db.execute(sql`show wal_segment_size`);
    return (result as unknown as { rows: { wal_segment_size: string }[] }).rows[0]!.wal_segment_size;
  };

  test("a new embedded database writes its log in 1 MB files, and the run's template was made that way", async () => {
    const fresh = await openDatabase({ kind: "pglite" });
    try {
      expect(await walSegmentSize(fresh)).toBe("1MB");
    } finally {
      await fresh.close();
    }
    expect(await walSegmentSize(database)).toBe("1MB");
  });

  // Decision 209: drizzle's statements go without their own parsers (PGlite copied its 377 for each), and read the
  // same; the job queue's, through the instance directly, keep PGlite's.
  test("drizzle's statements reach PGlite without parsers and read times as before; the job queue's read dates", async () => {
    const query = vi.spyOn(PGlite.prototype, "query");
    // A transaction's statements go through the transaction PGlite hands its callback: recorded there.
    const inTransactions: unknown[] = [];
    const transaction = PGlite.prototype.transaction;
    const transactions = vi.spyOn(PGlite.prototype, "transaction").mockImplementation(function (
      this: PGlite,
      callback,
    ) {
      return transaction.call(this, (tx) => {
        const run = tx.query;
        tx.query = (text, params, options) => {
          inTransactions.push(options?.parsers);
          return run(text, params, options);
        };
        return callback(tx);
      });
    });
    try {
      const raw = await database.db.execute(
        sql`select timestamptz '2026-01-02 03:04:05+00' as at, date '2026-01-02' as day, array[1.5]::numeric[] as amounts`,
      );
      expect((raw as unknown as { rows: unknown[] }).rows[0]).toEqual({
        at: "2026-01-02 03:04:05+00",
        day: "2026-01-02",
        amounts: "{1.5}",
      });
      // A timestamp column as drizzle maps it: from the text, to a date.
      const [mapped] = await database.db
        .select({ at: sql`timestamptz '2026-01-02 03:04:05+00'`.mapWith(tools.createdAt) })
        .from(sql`(select 1) as one`);
      await database.db.transaction(async (tx) => tx.execute(sql`select 1`));
      expect(query.mock.calls.length).toBeGreaterThanOrEqual(2);
      for (const call of query.mock.calls) expect(call[2]?.parsers).toBeUndefined();
      expect(inTransactions).toEqual([undefined]);
      expect(mapped!.at).toEqual(new Date("2026-01-02T03:04:05Z"));

      query.mockClear();
      const connection = database.jobQueueConnection;
      if (!("pglite" in connection)) throw new Error("an embedded database's job queue uses the instance");
      const queued = await connection.pglite.query<{ at: unknown }>(
        `select timestamptz '2026-01-02 03:04:05+00' as at`,
      );
      expect(queued.rows[0]!.at).toEqual(new Date("2026-01-02T03:04:05Z"));
    } finally {
      query.mockRestore();
      transactions.mockRestore();
    }
  });
}

describe("migrations", () => {
  test("a second run applies nothing and keeps the data", async () => {
    const before = await appliedMigrations();
    expect(before).toBeGreaterThanOrEqual(4);
    await database.migrate();
    expect(await appliedMigrations()).toBe(before);
  });

  // Only PostgreSQL can be opened by several processes at once; CI sets TEST_DATABASE_URL.
  if (process.env.AITLAS_TEST_ENGINE === "postgres" && process.env.TEST_DATABASE_URL) {
    test("processes starting together on an empty PostgreSQL database migrate it once", async () => {
      const serverUrl = process.env.TEST_DATABASE_URL!;
      const name = `aitlas_race_${randomBytes(5).toString("hex")}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      const handles = await Promise.all(
        Array.from({ length: 4 }, () => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 3 })),
      );
      try {
        await Promise.all(handles.map((handle) => handle.migrate()));
        const result = await handles[0]!.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(await appliedMigrations());
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  }
});

// The pool's own connections against the test server; CI sets TEST_DATABASE_URL.
if (process.env.AITLAS_TEST_ENGINE === "postgres" && process.env.TEST_DATABASE_URL) {
  describe("the PostgreSQL pool", () => {
    const open = () =>
      openDatabase({
        kind: "postgres",
        url: process.env.TEST_DATABASE_URL!,
        poolSize: 1,
        timeouts: { connectMs: 5_000, queryMs: 300 },
      });
    const backendPid = async (db: Awaited<ReturnType<typeof open>>["db"]) =>
      (
        (await db.execute(
          sql`select pg_backend_pid() as pid, now() = statement_timestamp() as outside`,
        )) as unknown as {
          rows: { pid: number; outside: boolean }[];
        }
      ).rows[0]!;

    test("a statement past the timeout is cancelled by the server (57014), and the connection serves the next one", async () => {
      const handle = await open();
      try {
        const failed = await handle.db
          .transaction(async (tx) => {
            await Promise.all([tx.execute(sql`select pg_sleep(2)`), tx.execute(sql`select 1`)]);
          })
          .catch((error: unknown) => error);
        let cause: unknown = failed;
        while (cause instanceof Error && !(cause as { code?: string }).code && cause.cause) cause = cause.cause;
        expect((cause as { code?: string }).code).toBe("57014");
        // The one connection is usable, outside any transaction, and kept for the next statement.
        const first = await backendPid(handle.db);
        expect(first.outside).toBe(true);
        expect((await backendPid(handle.db)).pid).toBe(first.pid);
      } finally {
        await handle.close();
      }
    });

    test("a connection is kept through statements and committed transactions", async () => {
      const handle = await open();
      try {
        const { pid } = await backendPid(handle.db);
        await handle.db.transaction(async (tx) => void (await tx.execute(sql`select 1`)));
        expect((await backendPid(handle.db)).pid).toBe(pid);
      } finally {
        await handle.close();
      }
    });

    test("a connection handed back inside a transaction is closed, not given to the next caller", async () => {
      const handle = await open();
      try {
        const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
        const client = await pool.connect();
        await client.query("begin");
        const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
        // As a rollback that never ran would leave it.
        client.release();
        const next = await backendPid(handle.db);
        expect(next.pid).not.toBe(rows[0]!.pid);
        // now() is the transaction's start: equal to the statement's only outside a transaction.
        expect(next.outside).toBe(true);
      } finally {
        await handle.close();
      }
    });
  });
}
