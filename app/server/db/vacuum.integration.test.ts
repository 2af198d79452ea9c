import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { vacuumAppTables } from "./vacuum.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function tagsTableState() {
  const result = await database.db.execute(sql`select reltuples::int as "rows", relallvisible::int as "visiblePages"
    from pg_class where oid = 'tags'::regclass`);
  return (result as unknown as { rows: { rows: number; visiblePages: number }[] }).rows[0]!;
}

test("the app's tables get the planner's statistics and their visibility map", async () => {
  await database.db.execute(sql`insert into tags (slug, name)
    select 'vacuum-' || n, 'Vacuum ' || n from generate_series(1, 300) as n`);
  const before = await tagsTableState();
  expect(before.visiblePages).toBe(0);

  await vacuumAppTables(database.db);

  const after = await tagsTableState();
  const [{ n }] = (
    (await database.db.execute(sql`select count(*)::int as n from tags`)) as unknown as { rows: { n: number }[] }
  ).rows as [{ n: number }];
  expect(after.rows).toBe(n);
  // Only PGlite relies on this vacuum (PostgreSQL has its autovacuum); on a shared PostgreSQL server other
  // sessions may keep the new rows from counting as visible to all yet.
  if (database.kind === "pglite") expect(after.visiblePages).toBeGreaterThan(0);
});
