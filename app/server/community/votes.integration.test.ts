import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { tools, toolVotes, users } from "~/server/db/schema.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { findUserVote, recordVote } from "./votes.server";
import { AppError } from "~/lib/app-error";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users} cascade`);
});

const insertVoters = (count: number) =>
  insertUsers(database.db, ...Array.from({ length: count }, (_, index) => ({ email: `voter${index}@example.com` })));

async function toolAggregate(toolId: string) {
  const [tool] = await database.db
    .select({ rating: tools.rating, voteCount: tools.voteCount })
    .from(tools)
    .where(eq(tools.id, toolId));
  return tool!;
}

const votesOn = (toolId: string) => database.db.select().from(toolVotes).where(eq(toolVotes.toolId, toolId));

describe("recordVote", () => {
  test("a first vote creates the user's vote; a later one changes it", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertVoters(1);

    const first = await recordVote({ db: database.db, userId: user!.id, toolId: tool!.id, rating: 4 });
    expect(first).toEqual({ rating: 4, average: 4, voteCount: 1 });
    expect((await findUserVote({ db: database.db, userId: user!.id, toolId: tool!.id }))?.rating).toBe(4);

    const second = await recordVote({ db: database.db, userId: user!.id, toolId: tool!.id, rating: 2 });
    expect(second).toEqual({ rating: 2, average: 2, voteCount: 1 });
    expect(await votesOn(tool!.id)).toHaveLength(1);
    expect(await toolAggregate(tool!.id)).toEqual({ rating: 2, voteCount: 1 });
    expect((await findUserVote({ db: database.db, userId: user!.id, toolId: tool!.id }))?.rating).toBe(2);
  });

  test("averages every user's vote, rounded to two decimals, and leaves other tools alone", async () => {
    const [tool, other] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    const voters = await insertVoters(3);
    for (const [index, rating] of [5, 4, 4].entries()) {
      await recordVote({ db: database.db, userId: voters[index]!.id, toolId: tool!.id, rating });
    }

    expect(await toolAggregate(tool!.id)).toEqual({ rating: 4.33, voteCount: 3 });
    expect(await toolAggregate(other!.id)).toEqual({ rating: null, voteCount: 0 });
  });

  test("50 concurrent votes by one user end as one vote, and the tool shows it", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertVoters(1);
    const ratings = Array.from({ length: 50 }, () => 1 + Math.floor(Math.random() * 5));

    const results = await Promise.all(
      ratings.map((rating) => recordVote({ db: database.db, userId: user!.id, toolId: tool!.id, rating })),
    );

    expect(results.map((result) => result.rating)).toEqual(ratings);
    const votes = await votesOn(tool!.id);
    expect(votes).toHaveLength(1);
    expect(ratings).toContain(votes[0]!.rating);
    expect(await toolAggregate(tool!.id)).toEqual({ rating: votes[0]!.rating, voteCount: 1 });
  });

  test("20 users voting at once give the exact count and average", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const voters = await insertVoters(20);
    const ratings = voters.map((_, index) => (index % 5) + 1);

    await Promise.all(
      voters.map((voter, index) =>
        recordVote({ db: database.db, userId: voter.id, toolId: tool!.id, rating: ratings[index]! }),
      ),
    );

    const exact = Math.round((ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length) * 100) / 100;
    expect(await toolAggregate(tool!.id)).toEqual({ rating: exact, voteCount: 20 });
    expect(await votesOn(tool!.id)).toHaveLength(20);
  });

  test("an unknown or malformed tool id is refused and writes nothing", async () => {
    const [user] = await insertVoters(1);

    for (const toolId of ["7d0c6d56-1f0b-4c43-9a51-0e7f5f1b2c3d", "not-a-uuid", "quill"]) {
      await expect(recordVote({ db: database.db, userId: user!.id, toolId, rating: 3 })).rejects.toMatchObject({
        code: "not-found",
        status: 404,
      });
    }
    expect(await database.db.select().from(toolVotes)).toEqual([]);
  });

  test.each([0, 6, 2.5, Number.NaN, -1, Number.POSITIVE_INFINITY])(
    "the rating %d is refused and writes nothing",
    async (rating) => {
      const [tool] = await insertTools(database.db, { name: "Quill" });
      const [user] = await insertVoters(1);

      await expect(recordVote({ db: database.db, userId: user!.id, toolId: tool!.id, rating })).rejects.toEqual(
        new AppError("bad-request", "Rating must be a whole number from 1 to 5"),
      );
      expect(await votesOn(tool!.id)).toEqual([]);
      expect(await toolAggregate(tool!.id)).toEqual({ rating: null, voteCount: 0 });
    },
  );

  test("deleting a voter recounts the tools they voted on", async () => {
    const [tool, other] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    const [leaving, staying] = await insertVoters(2);
    await recordVote({ db: database.db, userId: leaving!.id, toolId: tool!.id, rating: 1 });
    await recordVote({ db: database.db, userId: staying!.id, toolId: tool!.id, rating: 4 });
    await recordVote({ db: database.db, userId: leaving!.id, toolId: other!.id, rating: 5 });

    await database.db.delete(users).where(eq(users.id, leaving!.id));

    expect(await toolAggregate(tool!.id)).toEqual({ rating: 4, voteCount: 1 });
    expect(await toolAggregate(other!.id)).toEqual({ rating: null, voteCount: 0 });
  });

  test("deleting a tool takes its votes with it", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertVoters(1);
    await recordVote({ db: database.db, userId: user!.id, toolId: tool!.id, rating: 3 });

    await database.db.delete(tools).where(eq(tools.id, tool!.id));

    expect(await database.db.select().from(toolVotes)).toEqual([]);
  });
});

describe("findUserVote", () => {
  test("is null without a vote, for another user's vote and for a malformed tool id", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [voter, other] = await insertVoters(2);
    expect(await findUserVote({ db: database.db, userId: voter!.id, toolId: tool!.id })).toBeNull();

    await recordVote({ db: database.db, userId: voter!.id, toolId: tool!.id, rating: 5 });

    expect(await findUserVote({ db: database.db, userId: other!.id, toolId: tool!.id })).toBeNull();
    expect(await findUserVote({ db: database.db, userId: voter!.id, toolId: "quill" })).toBeNull();
  });
});

describe("the tool_votes table", () => {
  test("refuses a second vote by one user on one tool", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertVoters(1);
    await database.db.insert(toolVotes).values({ toolId: tool!.id, userId: user!.id, rating: 3 });

    await expect(
      database.db.insert(toolVotes).values({ toolId: tool!.id, userId: user!.id, rating: 4 }),
    ).rejects.toMatchObject({
      cause: { code: "23505" },
    });
  });

  test.each([0, 6])("refuses the rating %d", async (rating) => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertVoters(1);

    await expect(
      database.db.insert(toolVotes).values({ toolId: tool!.id, userId: user!.id, rating }),
    ).rejects.toMatchObject({
      cause: { code: "23514" },
    });
  });
});
