import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { rateLimits } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { createBatchedRateLimiter } from "./batched-rate-limit.server";

// Two limiters on one database stand for two server processes behind a load balancer.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${rateLimits}`);
});

const rule = { name: "api", limit: 5, windowMs: 5 * 60_000 };
const limiter = () => createBatchedRateLimiter({ db: database.db, rule, flushIntervalMs: null });
const storedHits = async (key: string) =>
  (await database.db.select({ hits: rateLimits.hits }).from(rateLimits).where(eq(rateLimits.key, key)))[0]?.hits;

describe("a rate limit counted in memory and written in batches", () => {
  test("counts down without a query, refuses past the limit, and writes the count on flush", async () => {
    const here = limiter();
    const outcomes = Array.from({ length: 6 }, () => here.consume("203.0.113.7"));
    expect(outcomes.map((outcome) => [outcome.allowed, outcome.remaining])).toEqual([
      [true, 4],
      [true, 3],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(outcomes[5]!.resetSeconds).toBeGreaterThan(290);
    expect(outcomes[5]!.resetSeconds).toBeLessThanOrEqual(300);
    expect(await storedHits("api:203.0.113.7")).toBeUndefined();

    await here.flush();
    // Only the allowed requests were counted; another client starts afresh.
    expect(await storedHits("api:203.0.113.7")).toBe(5);
    expect(here.consume("203.0.113.8")).toMatchObject({ allowed: true, remaining: 4 });
  });

  test("processes share one quota per client through the table, each learning the total at its flush", async () => {
    const first = limiter();
    const second = limiter();
    for (let i = 0; i < 3; i++) first.consume("198.51.100.1");
    await first.flush();

    expect(second.consume("198.51.100.1")).toMatchObject({ allowed: true, remaining: 4 });
    await second.flush();
    expect(await storedHits("api:198.51.100.1")).toBe(4);
    // The second process now knows the first one's three.
    expect(second.consume("198.51.100.1")).toMatchObject({ allowed: true, remaining: 0 });
    expect(second.consume("198.51.100.1")).toMatchObject({ allowed: false });
    await second.flush();
    expect(await storedHits("api:198.51.100.1")).toBe(5);
    // The first still believes in its own three: it lets one more through (the overshoot is at
    // most a flush interval's requests), then learns the total from its write and refuses.
    expect(first.consume("198.51.100.1")).toMatchObject({ allowed: true, remaining: 1 });
    await first.flush();
    expect(first.consume("198.51.100.1")).toMatchObject({ allowed: false, remaining: 0 });
    expect(await storedHits("api:198.51.100.1")).toBe(6);
  });

  test("a window the database has seen end starts again from the requests not yet written", async () => {
    const here = limiter();
    for (let i = 0; i < 5; i++) here.consume("192.0.2.1");
    await here.flush();
    expect(here.consume("192.0.2.1").allowed).toBe(false);

    // Another process, or this one a while ago, counted a window that has since ended.
    await database.db
      .update(rateLimits)
      .set({ windowStartedAt: sql`now() - interval '10 minutes'` })
      .where(eq(rateLimits.key, "api:192.0.2.1"));
    const other = limiter();
    expect(other.consume("192.0.2.1")).toMatchObject({ allowed: true, remaining: 4 });
    await other.flush();
    expect(await storedHits("api:192.0.2.1")).toBe(1);
  });

  test("stop writes what is left", async () => {
    const here = limiter();
    here.consume("192.0.2.9");
    here.consume("192.0.2.9");
    await here.stop();
    expect(await storedHits("api:192.0.2.9")).toBe(2);
  });
});
