import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { comments, tools, users } from "~/server/db/schema.server";
import { insertTools, insertUsers, type NewUser } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { addComment, listCommentsForTool } from "./comments.server";
import { AppError } from "~/lib/app-error";
import { GENERATED_NAME } from "../../../tests/setup/public-names";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users} cascade`);
});

const insertUser = async (values: Partial<NewUser> = {}) =>
  (await insertUsers(database.db, { email: "ada@example.com", image: "https://example.com/ada.png", ...values }))[0]!;

const storedComments = () => database.db.select().from(comments);

describe("addComment", () => {
  test("posts a trimmed comment that lists first, with the author's profile", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const author = await insertUser({ name: "Ada" });
    await database.db
      .insert(comments)
      .values({ toolId: tool!.id, userId: author.id, content: "Older.", createdAt: new Date("2025-01-01") });

    const result = await addComment({
      db: database.db,
      userId: author.id,
      toolId: tool!.id,
      content: "  Useful for drafts.\n",
    });

    expect(result).toMatchObject({
      content: "Useful for drafts.",
      // The generated display name, not the user's name (decision 147).
      authorName: expect.stringMatching(GENERATED_NAME),
      displayName: expect.stringMatching(GENERATED_NAME),
      avatarUrl: "https://example.com/ada.png",
      editedAt: null,
      hidden: false,
      isOwn: true,
      canEdit: true,
    });
    // The author reads it as addComment answered; anyone else reads it without the author's rights.
    const listed = await listCommentsForTool({ db: database.db, toolId: tool!.id, viewerId: author.id });
    expect(listed.map((comment) => comment.content)).toEqual(["Useful for drafts.", "Older."]);
    expect(listed[0]).toEqual(result);
    const [seen] = await listCommentsForTool({ db: database.db, toolId: tool!.id });
    expect(seen).toEqual({ ...result, isOwn: false, canEdit: false });
    expect(listed[0]!.createdAt).toBeInstanceOf(Date);
  });

  test("a comment whose author was deleted stays, without an author", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const author = await insertUser();
    await addComment({ db: database.db, userId: author.id, toolId: tool!.id, content: "Still here." });

    await database.db.delete(users).where(eq(users.id, author.id));

    expect(await listCommentsForTool({ db: database.db, toolId: tool!.id })).toMatchObject([
      { content: "Still here.", authorName: null, displayName: null, avatarUrl: null, isOwn: false },
    ]);
  });

  test.each(["", "   ", "\n\t  \n"])("refuses blank text %j and writes nothing", async (content) => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const author = await insertUser();

    await expect(addComment({ db: database.db, userId: author.id, toolId: tool!.id, content })).rejects.toEqual(
      new AppError("bad-request", "Comment cannot be empty"),
    );
    expect(await storedComments()).toEqual([]);
  });

  test("accepts 2,000 characters and refuses 2,001", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const author = await insertUser();

    await expect(
      addComment({ db: database.db, userId: author.id, toolId: tool!.id, content: "a".repeat(2001) }),
    ).rejects.toMatchObject({ code: "bad-request", message: "Comment must be at most 2,000 characters" });
    expect(await storedComments()).toEqual([]);

    const longest = "é".repeat(2000);
    expect(await addComment({ db: database.db, userId: author.id, toolId: tool!.id, content: longest })).toMatchObject({
      content: longest,
    });
    expect((await storedComments()).map((comment) => comment.content)).toEqual([longest]);
  });

  test("stores markup verbatim, as plain text", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const author = await insertUser();
    const content = `<script>alert(1)</script> & <img src=x onerror="alert(2)"> 'quoted'`;

    await addComment({ db: database.db, userId: author.id, toolId: tool!.id, content });

    expect((await storedComments()).map((comment) => comment.content)).toEqual([content]);
  });

  test("refuses a NUL character instead of failing in the database", async () => {
    const [tool] = await insertTools(database.db, { name: "Quill" });
    const author = await insertUser();

    await expect(
      addComment({ db: database.db, userId: author.id, toolId: tool!.id, content: "a\u0000b" }),
    ).rejects.toMatchObject({ code: "bad-request", status: 400 });
    expect(await storedComments()).toEqual([]);
  });

  test("an unknown or malformed tool id is refused and writes nothing", async () => {
    const author = await insertUser();

    for (const toolId of ["7d0c6d56-1f0b-4c43-9a51-0e7f5f1b2c3d", "quill"]) {
      await expect(addComment({ db: database.db, userId: author.id, toolId, content: "Hello" })).rejects.toMatchObject({
        code: "not-found",
        status: 404,
      });
    }
    expect(await storedComments()).toEqual([]);
  });
});

describe("the comments table", () => {
  test.each([
    ["blank", "   "],
    ["too long", "a".repeat(2001)],
  ])("refuses %s content written directly", async (_, content) => {
    const [tool] = await insertTools(database.db, { name: "Quill" });

    await expect(database.db.insert(comments).values({ toolId: tool!.id, content })).rejects.toMatchObject({
      cause: { code: "23514" },
    });
  });
});
