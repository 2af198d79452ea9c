import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { toolChanges, tools, users } from "~/server/db/schema.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { listRecentChanges, listToolHistory, recordToolChanges, type ChangeAuthor } from "./change-log.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users} cascade`);
});

const ada: ChangeAuthor = { origin: "admin", actorId: null, actorName: "Ada" };

/** A change made at a known moment, so newest-first is known. */
async function changeAt(toolId: string, field: string, at: string, author: ChangeAuthor = ada) {
  await recordToolChanges(database.db, { toolId, changes: [{ field, before: "old", after: "new" }], author });
  await database.db.execute(
    sql`update ${toolChanges} set created_at = ${at}::timestamptz where id = (select id from ${toolChanges} where field = ${field} and tool_id = ${toolId})`,
  );
}

describe("recordToolChanges", () => {
  test("writes one row per change, with the author and sources, undone with the caller's transaction", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [admin] = await insertUsers(database.db, { email: "ada@example.com" });
    const sources = [{ url: "https://quill.example.com", title: "Quill", snippet: "Now with exports" }];
    await recordToolChanges(database.db, {
      toolId: tool!.id,
      changes: [
        { field: "status", before: "active", after: "discontinued" },
        { field: "features", before: ["A"], after: undefined },
      ],
      author: { origin: "proposal", actorId: admin!.id, actorName: "Ada", sources },
    });
    const rows = await database.db.select().from(toolChanges);
    expect(rows.map((row) => [row.field, row.before, row.after]).sort()).toEqual([
      ["features", ["A"], null],
      ["status", "active", "discontinued"],
    ]);
    expect(rows[0]).toMatchObject({ origin: "proposal", actorId: admin!.id, actorName: "Ada", sources });

    await expect(
      database.db.transaction(async (tx) => {
        await recordToolChanges(tx, {
          toolId: tool!.id,
          changes: [{ field: "name", before: "a", after: "b" }],
          author: ada,
        });
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await database.db.select().from(toolChanges)).toHaveLength(2);
  });

  test("keeps the entries when their author's account goes, under the name they had", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const [admin] = await insertUsers(database.db, { email: "ada@example.com" });
    await recordToolChanges(database.db, {
      toolId: tool!.id,
      changes: [{ field: "name", before: "Q", after: "Quill" }],
      author: { origin: "admin", actorId: admin!.id, actorName: "Ada" },
    });
    await database.db.execute(sql`delete from ${users}`);
    const [entry] = await listToolHistory({ db: database.db, toolId: tool!.id });
    expect(entry).toMatchObject({ author: "Ada", field: "name", fieldLabel: "Name" });
  });
});

describe("listToolHistory", () => {
  test("a tool's own changes, newest first, readable, limited", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    await changeAt(quill!.id, "tagline", "2025-03-01T00:00:00Z");
    await changeAt(quill!.id, "name", "2025-03-03T00:00:00Z", { origin: "proposal", actorId: null, actorName: "Bo" });
    await changeAt(quill!.id, "website", "2025-03-02T00:00:00Z");
    await changeAt(echo!.id, "name", "2025-03-04T00:00:00Z");

    const history = await listToolHistory({ db: database.db, toolId: quill!.id });
    expect(history.map((entry) => entry.field)).toEqual(["name", "website", "tagline"]);
    expect(history[0]).toMatchObject({
      toolSlug: "quill",
      toolName: "Quill",
      fieldLabel: "Name",
      before: { kind: "text", text: "old" },
      after: { kind: "text", text: "new" },
      author: "AI proposal accepted by Bo",
      createdAt: new Date("2025-03-03T00:00:00Z"),
    });
    expect(await listToolHistory({ db: database.db, toolId: quill!.id, limit: 1 })).toHaveLength(1);
    expect(await listToolHistory({ db: database.db, toolId: "not-a-uuid" })).toEqual([]);
  });
});

describe("listRecentChanges", () => {
  test("pages through the whole catalogue's changes newest first, and narrows to one tool", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    for (let day = 1; day <= 5; day += 1) {
      await changeAt(day % 2 ? quill!.id : echo!.id, `field${day}`, `2025-04-0${day}T00:00:00Z`);
    }
    const first = await listRecentChanges({ db: database.db, pageSize: 2 });
    expect(first.changes.map((entry) => entry.field)).toEqual(["field5", "field4"]);
    expect(first).toMatchObject({ page: 1, hasNext: true });
    expect(first.changes.map((entry) => entry.toolName)).toEqual(["Quill", "Echo"]);
    const last = await listRecentChanges({ db: database.db, pageSize: 2, page: 3 });
    expect(last.changes.map((entry) => entry.field)).toEqual(["field1"]);
    expect(last.hasNext).toBe(false);
    expect((await listRecentChanges({ db: database.db, pageSize: 2, page: 4 })).changes).toEqual([]);

    const echoOnly = await listRecentChanges({ db: database.db, toolSlug: "echo" });
    expect(echoOnly.changes.map((entry) => entry.field)).toEqual(["field4", "field2"]);
    expect((await listRecentChanges({ db: database.db, toolSlug: "nothing" })).changes).toEqual([]);
  });
});
