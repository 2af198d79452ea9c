import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { articles } from "~/server/db/schema.server";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { insertArticles } from "../../../tests/setup/fixtures";
import { findArticleByIdentifier, listLatestArticles, listPublishedArticles } from "./articles.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${articles} cascade`);
});

const titles = (rows: { title: string }[]) => rows.map((row) => row.title);

describe("listLatestArticles", () => {
  test("gives the 4 newest published articles by date, drafts left out", async () => {
    await insertArticles(
      database.db,
      { title: "January", date: "2025-01-10" },
      { title: "Draft from the future", date: "2025-12-01", status: "draft" },
      { title: "May", date: "2025-05-10" },
      { title: "March", date: "2025-03-10" },
      { title: "June", date: "2025-06-10" },
      { title: "April", date: "2025-04-10" },
      { title: "February", date: "2025-02-10" },
    );

    expect(titles(await listLatestArticles({ db: database.db }))).toEqual(["June", "May", "April", "March"]);
  });

  test("breaks a tie on date with the newer row first", async () => {
    await insertArticles(
      database.db,
      { title: "Written first", date: "2025-05-01", createdAt: new Date("2025-05-01T08:00:00Z") },
      { title: "Written second", date: "2025-05-01", createdAt: new Date("2025-05-01T09:00:00Z") },
    );

    expect(titles(await listLatestArticles({ db: database.db }))).toEqual(["Written second", "Written first"]);
  });

  test("is empty without published articles", async () => {
    await insertArticles(database.db, { title: "Only a draft", date: "2025-05-01", status: "draft" });

    expect(await listLatestArticles({ db: database.db })).toEqual([]);
  });
});

describe("listPublishedArticles", () => {
  test("pages through published articles newest first and counts them", async () => {
    await insertArticles(
      database.db,
      ...[1, 2, 3, 4, 5].map((day) => ({ title: `Day ${day}`, date: `2025-07-0${day}` })),
      { title: "Hidden draft", date: "2025-07-09", status: "draft" },
    );

    const first = await listPublishedArticles({ db: database.db, page: 1, pageSize: 2 });
    const last = await listPublishedArticles({ db: database.db, page: 3, pageSize: 2 });

    expect(titles(first.articles)).toEqual(["Day 5", "Day 4"]);
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(titles(last.articles)).toEqual(["Day 1"]);
    expect(last).toMatchObject({ total: 5, page: 3, pageCount: 3 });
  });

  test("gives one empty page when there is nothing to show", async () => {
    expect(await listPublishedArticles({ db: database.db })).toEqual({ articles: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("findArticleByIdentifier", () => {
  test("finds by slug as the canonical address", async () => {
    await insertArticles(database.db, {
      title: "Choosing an AI Writer",
      slug: "choosing-ai-writer",
      date: "2025-05-01",
    });

    expect(await findArticleByIdentifier({ db: database.db, identifier: "choosing-ai-writer" })).toMatchObject({
      canonical: true,
      article: { title: "Choosing an AI Writer" },
    });
  });

  test("finds by id, in either case, as a non-canonical address", async () => {
    const [article] = await insertArticles(database.db, { title: "By Id", slug: "by-id", date: "2025-05-01" });

    for (const identifier of [article!.id, article!.id.toUpperCase()]) {
      expect(await findArticleByIdentifier({ db: database.db, identifier })).toMatchObject({
        canonical: false,
        article: { slug: "by-id" },
      });
    }
  });

  test("finds a title-like text: hyphens read as spaces, any case", async () => {
    await insertArticles(database.db, {
      title: "Best AI Writing Tools",
      slug: "best-writing-tools-2025",
      date: "2025-05-01",
    });

    for (const identifier of ["best-ai-writing-tools", "Best-Ai-Writing-Tools", "BEST AI WRITING TOOLS"]) {
      expect(await findArticleByIdentifier({ db: database.db, identifier })).toMatchObject({
        canonical: false,
        article: { slug: "best-writing-tools-2025" },
      });
    }
  });

  test("finds a title with punctuation from its slug form", async () => {
    await insertArticles(database.db, {
      title: "What's New: GPT-5 & Friends?",
      slug: "gpt-5-roundup",
      date: "2025-05-01",
    });

    expect(await findArticleByIdentifier({ db: database.db, identifier: "what-s-new-gpt-5-friends" })).toMatchObject({
      canonical: false,
      article: { slug: "gpt-5-roundup" },
    });
  });

  test("never finds a draft, by slug, id or title", async () => {
    const [draft] = await insertArticles(database.db, {
      title: "Secret Plans",
      slug: "secret-plans",
      date: "2025-05-01",
      status: "draft",
    });

    for (const identifier of ["secret-plans", draft!.id, "Secret Plans", "SECRET-PLANS"]) {
      expect(await findArticleByIdentifier({ db: database.db, identifier })).toBeNull();
    }
  });

  test("returns null for an unknown identifier", async () => {
    await insertArticles(database.db, { title: "Something", date: "2025-05-01" });

    for (const identifier of ["nothing", "---", "00000000-0000-4000-8000-000000000000"]) {
      expect(await findArticleByIdentifier({ db: database.db, identifier })).toBeNull();
    }
  });
});
