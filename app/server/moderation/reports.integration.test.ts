import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { REPORT_NOTE_MAX } from "~/lib/members";
import { addComment } from "~/server/community/comments.server";
import { commentReports, comments, listingReports, tools, users } from "~/server/db/schema.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { hideComment } from "./comment-moderation.server";
import {
  ALREADY_REPORTED_COMMENT_MESSAGE,
  ALREADY_REPORTED_LISTING_MESSAGE,
  OWN_COMMENT_REPORT_MESSAGE,
  reportComment,
  reportListing,
} from "./reports.server";

// Reports of comments and listings, at the data layer: the rules hold under concurrency and the
// database keeps the bounds itself.

let database: TestDatabase;
let toolId: string;
let authorId: string;
let reporterId: string;
let commentId: string;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users} cascade`);
  const [tool] = await insertTools(database.db, { name: "Quill Writer" });
  const [author, reporter] = await insertUsers(
    database.db,
    { email: "author@example.com" },
    { email: "reporter@example.com" },
  );
  toolId = tool!.id;
  authorId = author!.id;
  reporterId = reporter!.id;
  commentId = (await addComment({ db: database.db, userId: authorId, toolId, content: "Hello." })).id;
});

/** The AppError a call throws, or a failure when it does not throw one. */
async function refusal(call: Promise<unknown>): Promise<AppError> {
  const thrown = await call.then(
    () => new Error("expected a refusal"),
    (error: unknown) => error,
  );
  if (!(thrown instanceof AppError)) throw thrown;
  return thrown;
}

describe("reportComment", () => {
  it("ten reports at once by one member make one report; the others are told it was already made", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => reportComment({ db: database.db, reporterId, commentId, reason: "spam" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect(result.reason).toMatchObject({ code: "conflict", message: ALREADY_REPORTED_COMMENT_MESSAGE });
    }
    expect(await database.db.select().from(commentReports)).toHaveLength(1);
  });

  it("refuses the author's own comment, a hidden one and a deleted one", async () => {
    expect(
      await refusal(reportComment({ db: database.db, reporterId: authorId, commentId, reason: "spam" })),
    ).toMatchObject({
      status: 403,
      message: OWN_COMMENT_REPORT_MESSAGE,
    });
    await hideComment({ db: database.db, commentId, moderator: { id: reporterId, name: "moderator" } });
    expect(await refusal(reportComment({ db: database.db, reporterId, commentId, reason: "spam" }))).toMatchObject({
      status: 404,
    });
    await database.db.delete(comments).where(eq(comments.id, commentId));
    expect(await refusal(reportComment({ db: database.db, reporterId, commentId, reason: "spam" }))).toMatchObject({
      status: 404,
    });
    expect(await database.db.select().from(commentReports)).toHaveLength(0);
  });

  it("keeps a trimmed note, and none for a blank one", async () => {
    await reportComment({ db: database.db, reporterId, commentId, reason: "other", note: "  Looks automated.  " });
    const [other] = await insertUsers(database.db, { email: "third@example.com" });
    await reportComment({ db: database.db, reporterId: other!.id, commentId, reason: "abuse", note: "   " });
    const notes = await database.db
      .select({ note: commentReports.note })
      .from(commentReports)
      .orderBy(commentReports.createdAt);
    expect(notes).toEqual([{ note: "Looks automated." }, { note: null }]);
  });
});

describe("reportListing", () => {
  it("twenty identical reports at once by one member make one open report", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => reportListing({ db: database.db, reporterId, toolId, reason: "dead-link" })),
    );
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((result) => result.status === "rejected")) {
      expect(result.reason).toMatchObject({ code: "conflict", message: ALREADY_REPORTED_LISTING_MESSAGE });
    }
    expect(await database.db.select().from(listingReports)).toHaveLength(1);
  });

  it("refuses an unknown tool and an over-long note", async () => {
    expect(
      await refusal(
        reportListing({ db: database.db, reporterId, toolId: "00000000-0000-4000-8000-000000000000", reason: "spam" }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(
        reportListing({ db: database.db, reporterId, toolId, reason: "spam", note: "x".repeat(REPORT_NOTE_MAX + 1) }),
      ),
    ).toMatchObject({ status: 400 });
    expect(await database.db.select().from(listingReports)).toHaveLength(0);
  });

  it("goes with its tool", async () => {
    await reportListing({ db: database.db, reporterId, toolId, reason: "duplicate", note: "Same as Quill Pro." });
    await database.db.delete(tools).where(eq(tools.id, toolId));
    expect(await database.db.select().from(listingReports)).toHaveLength(0);
  });
});

describe("the database's own bounds", () => {
  it("refuses a note over the limit and an unknown reason even when written directly", async () => {
    await expect(
      database.db
        .insert(listingReports)
        .values({ toolId, reporterId, reason: "spam", note: "x".repeat(REPORT_NOTE_MAX + 1) }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(commentReports).values({ commentId, reporterId, reason: "boring" as "spam" }),
    ).rejects.toThrow();
  });
});
