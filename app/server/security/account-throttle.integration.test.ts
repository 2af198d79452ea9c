import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { rateLimits } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { ACCOUNT_THROTTLE, claimSignInAttempt, clearSignInAttempts } from "./account-throttle.server";

// The per-account cool-down's arithmetic on the real database. Waiting out a cool-down is shown by
// moving the last attempt's time back, not by sleeping: the database's clock is the one that counts.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${rateLimits}`);
});

const EMAIL = "ada@example.com";
const KEY = `sign-in-account:${EMAIL}`;
const claim = (email = EMAIL) => claimSignInAttempt({ db: database.db, email });

/** As if the last attempt let through had happened `seconds` earlier. */
async function moveLastAttemptBack(seconds: number) {
  await database.db
    .update(rateLimits)
    .set({ windowStartedAt: sql`${rateLimits.windowStartedAt} - (${seconds}::double precision * interval '1 second')` })
    .where(eq(rateLimits.key, KEY));
}

async function claimFreeAttempts() {
  for (let attempt = 1; attempt <= ACCOUNT_THROTTLE.freeAttempts; attempt++) {
    expect(await claim()).toEqual({ allowed: true });
  }
}

describe("claimSignInAttempt", () => {
  test("five attempts back to back, then a cool-down of 15 s that doubles per attempt up to 5 minutes", async () => {
    await claimFreeAttempts();
    const coolDowns: number[] = [];
    for (let extra = 0; extra < 7; extra++) {
      const refused = await claim();
      expect(refused.allowed).toBe(false);
      const wait = refused.allowed ? 0 : refused.retryAfterSeconds;
      coolDowns.push(wait);
      // Hammering during the cool-down neither counts nor extends it.
      expect(await claim()).toEqual({ allowed: false, retryAfterSeconds: wait });
      await moveLastAttemptBack(wait);
      expect(await claim()).toEqual({ allowed: true });
    }
    expect(coolDowns).toEqual([15, 30, 60, 120, 240, 300, 300]);
  });

  test("a cool-down not yet over is still refused with the time left", async () => {
    await claimFreeAttempts();
    await moveLastAttemptBack(10);
    const refused = await claim();
    expect(refused.allowed).toBe(false);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeGreaterThanOrEqual(4);
    expect(refused.allowed ? 0 : refused.retryAfterSeconds).toBeLessThanOrEqual(5);
  });

  test("a correct password (clearSignInAttempts) starts the count again", async () => {
    await claimFreeAttempts();
    expect((await claim()).allowed).toBe(false);
    await clearSignInAttempts({ db: database.db, email: "ADA@example.com" });
    await claimFreeAttempts();
  });

  test("a day without attempts forgets the count", async () => {
    await claimFreeAttempts();
    await moveLastAttemptBack(ACCOUNT_THROTTLE.forgetAfterSeconds);
    await claimFreeAttempts();
  });

  test("each account counts on its own, in any letter case", async () => {
    await claimFreeAttempts();
    expect((await claim(" ADA@EXAMPLE.COM ")).allowed).toBe(false);
    expect(await claim("grace@example.com")).toEqual({ allowed: true });
  });

  test("concurrent attempts cannot slip past the count", async () => {
    const claims = await Promise.all(Array.from({ length: 20 }, () => claim()));
    expect(claims.filter((outcome) => outcome.allowed)).toHaveLength(ACCOUNT_THROTTLE.freeAttempts);
  });
});
