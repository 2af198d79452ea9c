import pg from "pg";

/** Runs one statement on the PostgreSQL server at serverUrl (create or drop a database), on a connection of its own. */
export async function runOnDatabaseServer(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
