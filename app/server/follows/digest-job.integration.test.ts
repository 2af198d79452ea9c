import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { extractLinks, startFakeSmtp, type FakeSmtp } from "../../../tests/fakes/smtp";
import { insertArticles, insertTools, insertUsers, tagTools } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  articles,
  articleTools,
  digestSends,
  followMailSettings,
  tags,
  toolChanges,
  tools,
  toolVotes,
  users,
} from "../db/schema.server";
import { createMailer, type Mailer } from "../mail/mailer.server";
import { weekStart } from "~/lib/utc-weeks";
import { runDigests } from "./digest-job.server";
import { followTarget, setFollowFrequency } from "./follows.server";
import { unsubscribeWithToken } from "./unsubscribe.server";

// The digest job against a real SMTP server on loopback: the message read back whole, headers included.

const SITE = "https://aitlas.example";
const HOUR = 3_600_000;

let database: TestDatabase;
let smtp: FakeSmtp;
let mailer: Mailer;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  mailer = createMailer({ smtpUrl: smtp.url, from: "Aitlas <no-reply@aitlas.test>", outboxDir: "/nonexistent" });
});
afterAll(async () => {
  await smtp.stop();
  await database.dispose();
});

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${users}, ${tags}, ${articles} cascade`);
  smtp.clear();
});

const ago = (ms: number) => new Date(Date.now() - ms);

/** A confirmed member following `targets`, told up to two hours ago. */
async function follower(email: string, follow: (userId: string) => Promise<unknown>) {
  const [user] = await insertUsers(database.db, { email, emailVerified: true });
  await follow(user!.id);
  await database.db
    .update(followMailSettings)
    .set({ coveredUntil: ago(2 * HOUR) })
    .where(eq(followMailSettings.userId, user!.id));
  return user!;
}

const run = (trigger: "cli" | "schedule" = "cli", jobRunId = randomUUID()) =>
  runDigests({ db: database.db, mailer, siteUrl: SITE, jobRunId, trigger, signal: new AbortController().signal });

/** Yesterday's catalogue, and this hour's news in Writing (and some that is not news to a Writing follower). */
async function catalogueWithNews() {
  const [old, other] = await insertTools(
    database.db,
    { name: "Quill", category: "Writing", createdAt: ago(48 * HOUR) },
    { name: "Lens", category: "Image", createdAt: ago(48 * HOUR) },
  );
  const [fresh] = await insertTools(database.db, {
    name: "Inkwell",
    category: "Writing",
    tagline: "Drafts in your voice",
    createdAt: ago(HOUR),
  });
  await insertTools(database.db, { name: "Pixel", category: "Image", createdAt: ago(HOUR) });
  const author = { origin: "admin" as const, actorName: "Ada", createdAt: ago(HOUR) };
  await database.db.insert(toolChanges).values([
    {
      toolId: old!.id,
      field: "startingPrice",
      before: "$10/month",
      after: "$15/month",
      sources: [{ url: "https://quill.example/pricing", title: "Quill pricing", snippet: "" }],
      ...author,
    },
    // The plans behind the same price change: said once, by the starting price.
    { toolId: old!.id, field: "pricing", before: null, after: null, ...author },
    // Not a fact or a price: not told.
    { toolId: old!.id, field: "description", before: "a", after: "b", ...author },
    // A tool nobody here follows.
    { toolId: other!.id, field: "startingPrice", before: "$1/month", after: "$2/month", ...author },
    // Before the period: told last time.
    { toolId: old!.id, field: "facts.api", before: "no", after: "yes", ...author, createdAt: ago(3 * HOUR) },
  ]);
  const [reviewer] = await insertUsers(database.db, { email: "reviewer@example.com", emailVerified: true });
  await database.db
    .insert(toolVotes)
    .values({ toolId: old!.id, userId: reviewer!.id, rating: 5, review: "Writes   like me.", reviewedAt: ago(HOUR) });
  const today = new Date().toISOString().slice(0, 10);
  const [article, draft] = await insertArticles(
    database.db,
    { title: "Five writing tools", date: today },
    { title: "A draft about Quill", date: today, status: "draft" },
  );
  await database.db.insert(articleTools).values([
    { articleId: article!.id, toolId: old!.id },
    { articleId: draft!.id, toolId: old!.id },
  ]);
  return { old: old!, fresh: fresh! };
}

describe("the digest job", () => {
  test("one email lists the new tool, the price change with its source, the review and the article, with absolute links and one-click unsubscribe", async () => {
    const member = await follower("writer@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "category", target: "Writing" }),
    );
    await catalogueWithNews();

    expect(await run()).toEqual({ checked: 1, sent: 1, unchanged: 0, failed: 0 });
    const messages = smtp.messages();
    expect(messages).toHaveLength(1);
    const mail = messages[0]!;
    expect(mail.to).toEqual(["writer@example.com"]);
    expect(mail.subject).toBe("Your weekly Aitlas digest: 4 updates");
    expect(mail.text).toContain("New tools");
    expect(mail.text).toContain("- Inkwell (Writing)\n  Drafts in your voice\n  https://aitlas.example/tool/inkwell");
    expect(mail.text).toContain(
      "- Quill\n  Starting price: $10/month → $15/month\n  Source: Quill pricing https://quill.example/pricing",
    );
    expect(mail.text).toContain("“Writes like me.”");
    expect(mail.text).toContain("https://aitlas.example/article/five-writing-tools");
    for (const absent of ["Pixel", "Lens", "Description", "A draft about Quill", "API"])
      expect(mail.text).not.toContain(absent);

    const oneClick = /^<(https:\/\/aitlas\.example\/unsubscribe\/one-click\?token=[^>]+)>$/.exec(
      mail.headers.get("list-unsubscribe") ?? "",
    );
    expect(oneClick, mail.raw).not.toBeNull();
    expect(mail.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const page = extractLinks(mail).find((link) => new URL(link).pathname === "/unsubscribe");
    expect(new URL(page!).searchParams.get("token")).toBe(new URL(oneClick![1]!).searchParams.get("token"));
    expect(mail.html).toContain('<a href="https://aitlas.example/tool/inkwell">Inkwell (Writing)</a>');

    const [send] = await database.db.select().from(digestSends).where(eq(digestSends.userId, member.id));
    expect(send).toMatchObject({ state: "sent", items: 4, frequency: "weekly" });
  });

  test("a retry of the same run sends nobody twice, and a later run with nothing new sends nothing", async () => {
    await follower("writer@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "category", target: "Writing" }),
    );
    await catalogueWithNews();
    const jobRunId = randomUUID();
    expect((await run("cli", jobRunId)).sent).toBe(1);
    expect(await run("cli", jobRunId)).toEqual({ checked: 0, sent: 0, unchanged: 0, failed: 0 });
    expect(await run()).toEqual({ checked: 1, sent: 0, unchanged: 1, failed: 0 });
    expect(smtp.messages()).toHaveLength(1);
  });

  test("a tool or a tag followed brings its own news; an unconfirmed address and a member with no news get nothing", async () => {
    const { old } = await catalogueWithNews();
    await tagTools(database.db, { Inkwell: ["drafting"] });
    const [drafting] = await database.db.select().from(tags).where(eq(tags.slug, "drafting"));
    await follower("tool@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "tool", target: old.id }),
    );
    await follower("tag@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "tag", target: drafting!.id }),
    );
    const [unconfirmed] = await insertUsers(database.db, { email: "unconfirmed@example.com" });
    await followTarget({ db: database.db, userId: unconfirmed!.id, kind: "category", target: "Writing" });
    await follower("quiet@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "category", target: "Health" }),
    );

    expect(await run()).toEqual({ checked: 3, sent: 2, unchanged: 1, failed: 0 });
    const byAddress = new Map(smtp.messages().map((mail) => [mail.to[0], mail]));
    expect([...byAddress.keys()].sort()).toEqual(["tag@example.com", "tool@example.com"]);
    // Following the tool: its price, review and article, and no new tool.
    expect(byAddress.get("tool@example.com")!.subject).toBe("Your weekly Aitlas digest: 3 updates");
    expect(byAddress.get("tool@example.com")!.text).not.toContain("Inkwell");
    // Following the tag: the new tool that carries it.
    expect(byAddress.get("tag@example.com")!.text).toContain("Inkwell");
    expect(byAddress.get("tag@example.com")!.subject).toBe("Your weekly Aitlas digest: 1 update");
  });

  test("a scheduled run mails instant members every time, and weekly ones once a week", async () => {
    const weekly = await follower("weekly@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "category", target: "Writing" }),
    );
    const instant = await follower("instant@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "category", target: "Writing" }),
    );
    await setFollowFrequency({ db: database.db, userId: instant.id, frequency: "instant" });
    await catalogueWithNews();
    // The weekly member was already told since this week began (unless the week began within the hour).
    const began = weekStart(new Date());
    const toldThisWeek = new Date(Math.max(began.getTime() + 1, Date.now() - 2 * HOUR));
    await database.db
      .update(followMailSettings)
      .set({ coveredUntil: toldThisWeek })
      .where(eq(followMailSettings.userId, weekly.id));
    await database.db
      .update(tools)
      .set({ createdAt: new Date(toldThisWeek.getTime() + 1) })
      .where(eq(tools.slug, "inkwell"));

    const counts = await run("schedule");
    expect(counts).toMatchObject({ checked: 1, sent: 1 });
    expect(smtp.messages().map((mail) => [mail.to[0], mail.subject])).toEqual([
      ["instant@example.com", expect.stringMatching(/^Aitlas: \d updates? on what you follow$/)],
    ]);

    // Last told before this week began: the first scheduled run of the week sends the digest.
    await database.db
      .update(followMailSettings)
      .set({ coveredUntil: new Date(began.getTime() - 1) })
      .where(eq(followMailSettings.userId, weekly.id));
    smtp.clear();
    expect((await run("schedule")).sent).toBe(1);
    expect(smtp.messages().map((mail) => mail.to[0])).toEqual(["weekly@example.com"]);
  });

  test("after the unsubscribe link, no more email; choosing a frequency again starts from then", async () => {
    const member = await follower("writer@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "category", target: "Writing" }),
    );
    await catalogueWithNews();
    await run();
    const token = new URL(/<([^>]+)>/.exec(smtp.messages()[0]!.headers.get("list-unsubscribe")!)![1]!).searchParams.get(
      "token",
    )!;
    expect(await unsubscribeWithToken({ db: database.db, token: `${token}x` })).toBe(false);
    expect(await unsubscribeWithToken({ db: database.db, token })).toBe(true);

    await insertTools(database.db, { name: "Later", category: "Writing", createdAt: new Date() });
    smtp.clear();
    expect(await run()).toEqual({ checked: 0, sent: 0, unchanged: 0, failed: 0 });
    expect(smtp.messages()).toEqual([]);

    // Back on: what happened while off is not sent late.
    await setFollowFrequency({ db: database.db, userId: member.id, frequency: "weekly" });
    expect(await run()).toEqual({ checked: 1, sent: 0, unchanged: 1, failed: 0 });
  });

  test("a message the mail server refuses is taken back: the run fails and its retry sends it", async () => {
    const member = await follower("writer@example.com", (userId) =>
      followTarget({ db: database.db, userId, kind: "category", target: "Writing" }),
    );
    await catalogueWithNews();
    const [before] = await database.db
      .select()
      .from(followMailSettings)
      .where(eq(followMailSettings.userId, member.id));
    const broken = createMailer({
      smtpUrl: "smtp://127.0.0.1:1",
      from: "Aitlas <a@b.test>",
      outboxDir: "/nonexistent",
    });
    const jobRunId = randomUUID();
    const attempt = runDigests({
      db: database.db,
      mailer: broken,
      siteUrl: SITE,
      jobRunId,
      trigger: "cli",
      signal: new AbortController().signal,
    });
    await expect(attempt).rejects.toThrow("1 of 1 follow emails were not accepted by the mail server");
    expect(await database.db.select().from(digestSends)).toEqual([]);
    const [after] = await database.db.select().from(followMailSettings).where(eq(followMailSettings.userId, member.id));
    expect(after!.coveredUntil).toEqual(before!.coveredUntil);

    expect((await run("cli", jobRunId)).sent).toBe(1);
    expect(smtp.messages()).toHaveLength(1);
  });
});
