import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { VOTE_BURST_VOTES } from "~/lib/vote-trust";
import { action as inboxAction, loader as inboxLoader } from "~/routes/admin/inbox";
import { findRankingPrior } from "~/server/catalog/ranking.server";
import { moderationActions, tools, toolVotes, users, voteBursts } from "~/server/db/schema.server";
import { countInbox } from "~/server/moderation/inbox.server";
import { setDisplayName } from "~/server/members/profile.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { formPostRequest, getRequest, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { countMaturedVotes } from "./vote-trust.server";
import { recordVote } from "./votes.server";

// Trust in the numbers (decisions 174 and 175): which votes the ranking counts, bursts of new
// accounts' votes in the admin inbox, and the administrator's discount, through real requests.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let member: { id: string; cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "curator@example.com");
  await setDisplayName({ db: database.db, userId: admin.id, displayName: "curator" });
  member = await createSignedInUser(services, "member@example.com");
});
afterAll(() => database.dispose());
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${moderationActions} cascade`);
  await database.db.execute(sql`delete from ${users} where email like '%@voters.example'`);
});

const DAY_MS = 86_400_000;
const OLD = () => new Date(Date.now() - 2 * DAY_MS);

let voterNumber = 0;
function insertVoters(count: number, account: { emailVerified: boolean; createdAt?: Date }) {
  return insertUsers(
    database.db,
    ...Array.from({ length: count }, () => ({ email: `voter${++voterNumber}@voters.example`, ...account })),
  );
}

async function toolRow(toolId: string) {
  const [tool] = await database.db
    .select({ rating: tools.rating, voteCount: tools.voteCount, score: tools.rankingScore })
    .from(tools)
    .where(eq(tools.id, toolId));
  return tool!;
}

/** The Bayesian score of these counted ratings with the stored prior, as /about publishes it. */
async function scoreOf(counted: number[]) {
  const prior = (await findRankingPrior({ db: database.db }))!;
  const sum = counted.reduce((total, rating) => total + rating, 0);
  return (sum + prior.weight * prior.mean) / (counted.length + prior.weight);
}

async function post(body: Record<string, string>, cookie = admin.cookie) {
  const request = formPostRequest("/admin/inbox", body, { cookie });
  const context = await contextFor(services, request);
  return settleRoute(async () => inboxAction({ request, params: {}, context } as never));
}

async function burstOn(toolId: string, count: number) {
  const voters = await insertVoters(count, { emailVerified: true });
  for (const voter of voters) await recordVote({ db: database.db, userId: voter.id, toolId, rating: 5 });
  return voters;
}

describe("which votes the ranking counts", () => {
  test("a young account's vote shows in the average but ranks only once the account is a day old", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [old] = await insertVoters(1, { emailVerified: true, createdAt: OLD() });
    const [young] = await insertVoters(1, { emailVerified: true });
    await recordVote({ db: database.db, userId: old!.id, toolId: tool!.id, rating: 2 });
    await recordVote({ db: database.db, userId: young!.id, toolId: tool!.id, rating: 5 });

    const row = await toolRow(tool!.id);
    expect(row).toMatchObject({ rating: 3.5, voteCount: 2 });
    expect(row.score).toBeCloseTo(await scoreOf([2]), 6);

    // Nothing has matured yet: the job touches no tool.
    expect(await countMaturedVotes({ db: database.db })).toEqual({ toolIds: [] });
    await database.db.update(users).set({ createdAt: OLD() }).where(eq(users.id, young!.id));
    expect(await countMaturedVotes({ db: database.db })).toEqual({ toolIds: [tool!.id] });
    expect((await toolRow(tool!.id)).score).toBeCloseTo(await scoreOf([2, 5]), 6);
  });

  test("an unconfirmed account's vote counts when the address is confirmed, if the account is old enough", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [unconfirmed] = await insertVoters(1, { emailVerified: false, createdAt: OLD() });
    await recordVote({ db: database.db, userId: unconfirmed!.id, toolId: tool!.id, rating: 1 });
    expect((await toolRow(tool!.id)).score).toBeCloseTo(await scoreOf([]), 6);

    // Every way of confirming writes email_verified; the trigger on it recounts the account's votes.
    await database.db.update(users).set({ emailVerified: true }).where(eq(users.id, unconfirmed!.id));
    expect((await toolRow(tool!.id)).score).toBeCloseTo(await scoreOf([1]), 6);
  });
});

describe("bursts of votes from new accounts", () => {
  test(`${VOTE_BURST_VOTES} votes from new accounts raise exactly one inbox item; later ones join it`, async () => {
    const [tool, other] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    await burstOn(tool!.id, VOTE_BURST_VOTES - 1);
    expect((await countInbox({ db: database.db })).voteBursts).toBe(0);

    await burstOn(tool!.id, 1);
    expect((await countInbox({ db: database.db })).voteBursts).toBe(1);
    await burstOn(tool!.id, 5);
    // Old, confirmed accounts never make a burst.
    for (const voter of await insertVoters(VOTE_BURST_VOTES, { emailVerified: true, createdAt: OLD() })) {
      await recordVote({ db: database.db, userId: voter.id, toolId: other!.id, rating: 4 });
    }

    const bursts = await database.db.select().from(voteBursts);
    expect(bursts).toHaveLength(1);
    const inbox = await settleRoute(async () => {
      const request = getRequest("/admin/inbox", { cookie: admin.cookie, data: true });
      return inboxLoader({ request, params: {}, context: await contextFor(services, request) } as never);
    });
    const data = inbox.data as {
      counts: { voteBursts: number };
      bursts: { tool: { name: string }; votes: unknown[] }[];
    };
    expect(data.counts.voteBursts).toBe(1);
    expect(data.bursts).toEqual([expect.objectContaining({ tool: expect.objectContaining({ name: "Quill" }) })]);
    expect(data.bursts[0]!.votes).toHaveLength(VOTE_BURST_VOTES + 5);
  });

  test("held votes stay out of the ranking after their accounts mature, until the administrator decides", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const voters = await burstOn(tool!.id, VOTE_BURST_VOTES);
    await database.db.update(users).set({ createdAt: OLD() }).where(eq(users.emailVerified, true));
    expect(await countMaturedVotes({ db: database.db })).toEqual({ toolIds: [] });
    expect((await toolRow(tool!.id)).score).toBeCloseTo(await scoreOf([]), 6);

    const [burst] = await database.db.select().from(voteBursts);
    const answer = await post({ intent: "count-votes", id: burst!.id });
    expect(answer.status).toBe(302);
    expect((await toolRow(tool!.id)).score).toBeCloseTo(await scoreOf(voters.map(() => 5)), 6);
  });

  test("discounted votes are kept and shown in the average, out of the ranking for good, and logged", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [old] = await insertVoters(1, { emailVerified: true, createdAt: OLD() });
    await recordVote({ db: database.db, userId: old!.id, toolId: tool!.id, rating: 3 });
    await burstOn(tool!.id, VOTE_BURST_VOTES);
    const [burst] = await database.db.select().from(voteBursts);

    // Only an administrator, from this site.
    expect((await post({ intent: "discount-votes", id: burst!.id }, member.cookie)).status).toBe(403);
    const request = formPostRequest(
      "/admin/inbox",
      { intent: "discount-votes", id: burst!.id },
      { cookie: admin.cookie, origin: "https://elsewhere.example" },
    );
    const crossSite = await settleRoute(async () =>
      inboxAction({ request, params: {}, context: await contextFor(services, request) } as never),
    );
    expect(crossSite.status).toBe(403);
    expect(await database.db.select().from(moderationActions)).toEqual([]);

    const answer = await post({ intent: "discount-votes", id: burst!.id });
    expect(answer.status).toBe(302);
    const votes = await database.db.select().from(toolVotes).where(eq(toolVotes.toolId, tool!.id));
    expect(votes).toHaveLength(VOTE_BURST_VOTES + 1);
    expect(votes.filter((vote) => vote.discountedAt !== null)).toHaveLength(VOTE_BURST_VOTES);
    const average = Math.round(((3 + 5 * VOTE_BURST_VOTES) / (VOTE_BURST_VOTES + 1)) * 100) / 100;
    const row = await toolRow(tool!.id);
    expect(row).toMatchObject({ rating: average, voteCount: VOTE_BURST_VOTES + 1 });
    // The counted sum is the rounded average's: off by at most half a hundredth a vote.
    expect(row.score).toBeCloseTo(await scoreOf([3]), 2);

    // The accounts mature and even vote again: their votes stay out.
    await database.db.update(users).set({ createdAt: OLD() }).where(eq(users.emailVerified, true));
    await countMaturedVotes({ db: database.db });
    const again = votes.find((vote) => vote.discountedAt !== null)!;
    await recordVote({ db: database.db, userId: again.userId, toolId: tool!.id, rating: 4 });
    expect((await toolRow(tool!.id)).score).toBeCloseTo(await scoreOf([3]), 2);

    expect(await database.db.select().from(moderationActions)).toEqual([
      expect.objectContaining({
        action: "votes-discounted",
        subjectId: tool!.id,
        summary: `Quill: ${VOTE_BURST_VOTES} votes from new accounts discounted`,
        actorName: "curator",
      }),
    ]);
    expect((await countInbox({ db: database.db })).voteBursts).toBe(0);
    // A second click is answered, not logged twice.
    const twice = await post({ intent: "discount-votes", id: burst!.id });
    expect(twice).toMatchObject({ status: 409 });
    expect(await database.db.select().from(moderationActions)).toHaveLength(1);
  });
});
