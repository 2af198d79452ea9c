import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { rateLimits } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { consumeRateLimit, pruneRateLimits } from "./rate-limit.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${rateLimits}`);
});

const consume = (key: string, limit: number, windowMs = 60_000) =>
  consumeRateLimit({ db: database.db, key, limit, windowMs });

describe("consumeRateLimit", () => {
  test("allows the limit, counting down, and refuses the next attempt until the window ends", async () => {
    const outcomes = [];
    for (let attempt = 0; attempt < 4; attempt++) outcomes.push(await consume("sign-in:203.0.113.7", 3));

    expect(outcomes.slice(0, 3)).toEqual([
      { allowed: true, remaining: 2, retryAfterSeconds: 0 },
      { allowed: true, remaining: 1, retryAfterSeconds: 0 },
      { allowed: true, remaining: 0, retryAfterSeconds: 0 },
    ]);
    expect(outcomes[3]).toMatchObject({ allowed: false, remaining: 0 });
    expect(outcomes[3]!.retryAfterSeconds).toBeGreaterThanOrEqual(59);
    expect(outcomes[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  test("counts each key on its own", async () => {
    await consume("vote:a", 1);
    expect(await consume("vote:a", 1)).toMatchObject({ allowed: false });
    expect(await consume("vote:b", 1)).toMatchObject({ allowed: true });
    expect(await consume("comment:a", 1)).toMatchObject({ allowed: true });
  });

  test("starts a new window once the old one has passed", async () => {
    expect(await consume("sign-up:x", 1, 300)).toMatchObject({ allowed: true });
    expect(await consume("sign-up:x", 1, 300)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });

    await sleep(400);

    expect(await consume("sign-up:x", 1, 300)).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect(await consume("sign-up:x", 1, 300)).toMatchObject({ allowed: false });
  });

  test("stops counting at one past the limit", async () => {
    for (let attempt = 0; attempt < 20; attempt++) await consume("vote:busy", 3);

    const [row] = await database.db.select().from(rateLimits).where(eq(rateLimits.key, "vote:busy"));
    expect(row?.hits).toBe(4);
  });

  test("of 30 attempts at once with a limit of 10, exactly 10 are allowed", async () => {
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => consume("sign-in:burst", 10)));

    expect(outcomes.filter((outcome) => outcome.allowed)).toHaveLength(10);
    expect(outcomes.map((outcome) => outcome.remaining).sort((a, b) => a - b)).toEqual([
      ...Array.from({ length: 21 }, () => 0),
      ...Array.from({ length: 9 }, (_, index) => index + 1),
    ]);
  });
});

describe("pruneRateLimits", () => {
  test("deletes counters whose window started long enough ago and keeps the rest", async () => {
    await database.db.insert(rateLimits).values([
      { key: "old", windowStartedAt: sql`now() - interval '2 hours'`, hits: 5 },
      { key: "recent", windowStartedAt: sql`now() - interval '10 minutes'`, hits: 2 },
    ]);

    expect(await pruneRateLimits({ db: database.db, olderThanMs: 60 * 60_000 })).toBe(1);

    expect((await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key)).toEqual([
      "recent",
    ]);
  });
});
