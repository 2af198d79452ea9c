import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * Runs statements one after another on the PostgreSQL server at serverUrl (create or drop a
 * database), on a connection of their own.
 */
export async function runOnDatabaseServer(serverUrl: string, ...statements: string[]) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Creates a test database on the server as a copy of the run's migrated template, named with the
 * run's prefix. It is not dropped by the file that made it: every DROP DATABASE forces a checkpoint
 * that writes out and syncs every database's changed pages, the other worker's too, so the run's
 * global teardown drops them all at the end (dropRunDatabases). A test database needs no
 * durability either: its commits do not wait for the write-ahead log to reach the disk.
 */
export async function createRunDatabase(serverUrl: string, runPrefix: string, template: string): Promise<string> {
  const name = `${runPrefix}_${randomBytes(6).toString("hex")}`;
  await runOnDatabaseServer(
    serverUrl,
    `create database ${name} template ${template}`,
    `alter database ${name} set synchronous_commit = off`,
  );
  return name;
}

/**
 * Drops every database named with the run's prefix, eight at a time: each drop waits for a
 * checkpoint, and drops waiting together are served by the same one.
 */
export async function dropRunDatabases(serverUrl: string, runPrefix: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  let names: string[];
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [`${runPrefix}_`],
    );
    names = rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
  const queue = [...names];
  const dropper = async () => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      await runOnDatabaseServer(serverUrl, `drop database if exists ${name} with (force)`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, dropper));
}
