import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createResearchService } from "../research/research-service.server";
import { DATABASE_UPKEEP_CRON, jobDefinitionsFromEnv } from "./job-definitions.server";

// Decision 197: PGlite has no autovacuum, so the "database-upkeep" job vacuums it; PostgreSQL's own
// daemon does the same there, and the job stays off.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

const upkeep = () =>
  jobDefinitionsFromEnv({
    env: {
      LINK_CHECK_CRON: null,
      REFRESH_CRON: null,
      LINK_CHECK_CONCURRENCY: 1,
      LINK_CHECK_TIMEOUT_MS: 1_000,
      REFRESH_BATCH_SIZE: 1,
    },
    research: createResearchService({ search: null, model: null }),
    purgePages: async () => {},
    databaseKind: database.kind,
  })["database-upkeep"];

/** Pages of the tags table, and how many of them the visibility map says every transaction can see. */
async function tagPages() {
  const result = await database.db.execute(
    sql`select relpages, relallvisible from pg_class where oid = 'tags'::regclass`,
  );
  return (result as unknown as { rows: { relpages: number; relallvisible: number }[] }).rows[0]!;
}

test("on the embedded database it runs hourly and vacuums: the rows written since are marked visible to all", async () => {
  const job = upkeep();
  if (database.kind === "postgres") {
    expect(job.cron).toBeNull();
    expect(job.idleReason?.()).toBe("Only the embedded database needs it: PostgreSQL's autovacuum does this.");
    return;
  }
  expect(job.cron).toBe(DATABASE_UPKEEP_CRON);
  expect(job.idleReason?.()).toBeNull();
  await database.db.execute(
    sql`insert into tags (slug, name) select 'upkeep-' || n, 'Upkeep ' || n from generate_series(1, 2000) as n`,
  );
  // Statistics alone (what the server ran at start before decision 197) leave the visibility map empty.
  await database.db.execute(sql`analyze tags`);
  const before = await tagPages();
  expect(before.relpages).toBeGreaterThan(0);
  expect(before.relallvisible).toBe(0);

  await job.handler({
    db: database.db,
    jobRunId: "",
    trigger: "manual",
    attempts: 1,
    signal: new AbortController().signal,
  });

  const after = await tagPages();
  expect(after.relallvisible).toBe(after.relpages);
});
