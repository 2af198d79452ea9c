import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { AppError } from "~/lib/app-error";
import { savedTools, tools, users } from "~/server/db/schema.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { loggingDatabase } from "../../../tests/setup/statement-log";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  countSaves,
  findSavedToolIds,
  findToolToSave,
  listSavedTools,
  saveTool,
  savedIdsForViewer,
  unsaveTool,
} from "./saved-tools.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users} cascade`);
});

const insertPeople = (count: number) =>
  insertUsers(database.db, ...Array.from({ length: count }, (_, index) => ({ email: `saver${index}@example.com` })));

const rowsOf = (userId: string) => database.db.select().from(savedTools).where(eq(savedTools.userId, userId));

describe("saveTool and unsaveTool", () => {
  test("saving twice is one row with its first time; removing twice removes once", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertPeople(1);
    const args = { db: database.db, userId: user!.id, toolId: tool!.id };

    expect(await saveTool(args)).toEqual({ added: true });
    const [first] = await rowsOf(user!.id);
    expect(await saveTool(args)).toEqual({ added: false });
    expect(await rowsOf(user!.id)).toEqual([first]);

    expect(await unsaveTool(args)).toEqual({ removed: true });
    expect(await unsaveTool(args)).toEqual({ removed: false });
    expect(await rowsOf(user!.id)).toEqual([]);
  });

  test("the table holds one row per (user, tool), whatever the code does", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertPeople(1);
    await database.db.insert(savedTools).values({ userId: user!.id, toolId: tool!.id });
    await expect(database.db.insert(savedTools).values({ userId: user!.id, toolId: tool!.id })).rejects.toThrow();
  });

  test("concurrent saves of one tool by one user end as one row", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertPeople(1);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => saveTool({ db: database.db, userId: user!.id, toolId: tool!.id })),
    );
    expect(outcomes.filter((outcome) => outcome.added)).toHaveLength(1);
    expect(await rowsOf(user!.id)).toHaveLength(1);
  });

  test.each(["not-a-uuid", "00000000-0000-4000-8000-000000000000"])(
    "saving the unknown tool %j is a 404 and writes nothing",
    async (toolId) => {
      const [user] = await insertPeople(1);
      const saving = saveTool({ db: database.db, userId: user!.id, toolId });
      await expect(saving).rejects.toBeInstanceOf(AppError);
      await expect(saving).rejects.toMatchObject({ status: 404, message: "Tool not found" });
      expect(await rowsOf(user!.id)).toEqual([]);
      expect(await unsaveTool({ db: database.db, userId: user!.id, toolId })).toEqual({ removed: false });
    },
  );

  test("deleting a tool or a user takes their saved rows with them", async () => {
    const [kept, dropped] = await insertTools(database.db, { name: "Kept" }, { name: "Dropped" });
    const [user, leaving] = await insertPeople(2);
    for (const toolId of [kept!.id, dropped!.id]) {
      await saveTool({ db: database.db, userId: user!.id, toolId });
      await saveTool({ db: database.db, userId: leaving!.id, toolId });
    }
    await database.db.delete(tools).where(eq(tools.id, dropped!.id));
    await database.db.delete(users).where(eq(users.id, leaving!.id));
    expect(await database.db.select({ toolId: savedTools.toolId, userId: savedTools.userId }).from(savedTools)).toEqual(
      [{ toolId: kept!.id, userId: user!.id }],
    );
  });
});

describe("countSaves", () => {
  test("counts everyone who saved the tool, and tells whether the viewer is one of them", async () => {
    const [tool, other] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    const [a, b, c] = await insertPeople(3);
    await saveTool({ db: database.db, userId: a!.id, toolId: tool!.id });
    await saveTool({ db: database.db, userId: b!.id, toolId: tool!.id });
    await saveTool({ db: database.db, userId: c!.id, toolId: other!.id });

    expect(await countSaves({ db: database.db, toolId: tool!.id })).toEqual({ count: 2, saved: false });
    expect(await countSaves({ db: database.db, toolId: tool!.id, userId: a!.id })).toEqual({ count: 2, saved: true });
    expect(await countSaves({ db: database.db, toolId: tool!.id, userId: c!.id })).toEqual({ count: 2, saved: false });
    expect(await countSaves({ db: database.db, toolId: other!.id, userId: c!.id })).toEqual({ count: 1, saved: true });
  });

  test("a tool nobody saved counts 0, in one statement", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [user] = await insertPeople(1);
    const { db, statements } = loggingDatabase(database);
    expect(await countSaves({ db, toolId: tool!.id, userId: user!.id })).toEqual({ count: 0, saved: false });
    expect(statements).toHaveLength(1);
  });
});

describe("findSavedToolIds", () => {
  test("names which of the given tools the user saved, in one statement, and none for an empty list", async () => {
    const [a, b, c] = await insertTools(database.db, { name: "Alpha" }, { name: "Beta" }, { name: "Gamma" });
    const [user, other] = await insertPeople(2);
    await saveTool({ db: database.db, userId: user!.id, toolId: a!.id });
    await saveTool({ db: database.db, userId: user!.id, toolId: c!.id });
    await saveTool({ db: database.db, userId: other!.id, toolId: b!.id });

    const { db, statements } = loggingDatabase(database);
    const ids = await findSavedToolIds({ db, userId: user!.id, toolIds: [a!.id, b!.id, c!.id, "bad-id"] });
    expect(ids.toSorted()).toEqual([a!.id, c!.id].toSorted());
    expect(statements).toHaveLength(1);

    expect(await findSavedToolIds({ db, userId: user!.id, toolIds: [] })).toEqual([]);
    expect(await savedIdsForViewer({ db, viewer: null, toolIds: [a!.id] })).toBeNull();
    expect(statements).toHaveLength(1);
  });
});

describe("listSavedTools", () => {
  async function savedInOrder() {
    // Names chosen so that each order differs from the others.
    const [zeta, alpha, mid] = await insertTools(
      database.db,
      { name: "zeta Writer", rating: 4.9, voteCount: 40, pros: ["One", "Two", "Three"] },
      { name: "Alpha Draw", rating: 3, voteCount: 2 },
      { name: "Mid Voice", rating: 4.5, voteCount: 10 },
    );
    const [user, other] = await insertPeople(2);
    const saveAt = (toolId: string, minutesAgo: number) =>
      database.db.insert(savedTools).values({
        userId: user!.id,
        toolId,
        createdAt: new Date(Date.UTC(2025, 5, 1) - minutesAgo * 60_000),
      });
    await saveAt(alpha!.id, 30);
    await saveAt(zeta!.id, 20);
    await saveAt(mid!.id, 10);
    await saveTool({ db: database.db, userId: other!.id, toolId: alpha!.id });
    return { user: user! };
  }

  test.each([
    ["recent", ["Mid Voice", "zeta Writer", "Alpha Draw"]],
    ["name", ["Alpha Draw", "Mid Voice", "zeta Writer"]],
    ["top-rated", ["zeta Writer", "Mid Voice", "Alpha Draw"]],
  ] as const)("orders by %s", async (sort, names) => {
    const { user } = await savedInOrder();
    const list = await listSavedTools({ db: database.db, userId: user.id, sort });
    expect(list.tools.map((tool) => tool.name)).toEqual(names);
    expect(list.total).toBe(3);
  });

  test("lists the user's own tools as cards (two pros at most) in one statement, with the total past the limit", async () => {
    const { user } = await savedInOrder();
    const { db, statements } = loggingDatabase(database);
    const list = await listSavedTools({ db, userId: user.id, sort: "name", limit: 2 });
    expect(statements).toHaveLength(1);
    expect(list.total).toBe(3);
    expect(list.tools).toHaveLength(2);
    const zeta = (await listSavedTools({ db, userId: user.id, sort: "top-rated" })).tools[0]!;
    expect(zeta).toMatchObject({ name: "zeta Writer", pros: ["One", "Two"], slug: "zeta-writer" });
    expect(zeta.savedAt).toBeInstanceOf(Date);
  });

  test("an empty list counts 0", async () => {
    const [user] = await insertPeople(1);
    expect(await listSavedTools({ db: database.db, userId: user!.id, sort: "recent" })).toEqual({
      tools: [],
      total: 0,
    });
  });
});

describe("findToolToSave", () => {
  test("finds a tool by its slug, and nothing for an unknown or empty one", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill Writer" });
    expect(await findToolToSave({ db: database.db, slug: "quill-writer" })).toEqual({
      id: tool!.id,
      slug: "quill-writer",
      name: "Quill Writer",
    });
    expect(await findToolToSave({ db: database.db, slug: "nope" })).toBeNull();
    expect(await findToolToSave({ db: database.db, slug: "" })).toBeNull();
  });
});
