import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { tagFormSchema, type TagFormValues } from "~/lib/tag-form";
import { tags, tools, toolTags } from "~/server/db/schema.server";
import { insertTools } from "../../../tests/setup/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import {
  createTag,
  deleteTag,
  findTagBySlug,
  listTagIdsForTool,
  listTags,
  listTagsForTool,
  listTagsForTools,
  listTagsInUse,
  listTagsWithCounts,
  resolveTagIds,
  updateTag,
} from "./tags.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags} cascade`);
});

const form = (values: Partial<TagFormValues>) =>
  tagFormSchema.parse({ name: "", slug: "", description: "", ...values });

async function created(values: Partial<TagFormValues>) {
  const result = await createTag({ db: database.db, input: form(values) });
  if (result.status !== "created") throw new Error(`not created: ${JSON.stringify(result)}`);
  return result.tag;
}

async function tagTool(toolId: string, ...tagIds: string[]) {
  await database.db.insert(toolTags).values(tagIds.map((tagId) => ({ toolId, tagId })));
}

describe("createTag", () => {
  test("makes the slug from the name, a free one when taken, and keeps the description", async () => {
    const api = await created({ name: "  API   access ", description: " Has an API. " });
    expect(api).toMatchObject({ name: "API access", slug: "api-access", description: "Has an API." });
    const typed = await created({ name: "Other", slug: "api-access-2" });
    expect(typed.slug).toBe("api-access-2");
    expect((await created({ name: "API: access" })).slug).toBe("api-access-3");
    expect((await created({ name: "!!!" })).slug).toBe("tag");
  });

  test("refuses a name already used, whatever its case, and a typed slug already used", async () => {
    await created({ name: "Open source", slug: "oss" });
    expect(await createTag({ db: database.db, input: form({ name: "OPEN SOURCE" }) })).toEqual({
      status: "invalid",
      fieldErrors: { name: "A tag with this name already exists" },
    });
    expect(await createTag({ db: database.db, input: form({ name: "Free software", slug: "OSS" }) })).toEqual({
      status: "invalid",
      fieldErrors: { slug: "This slug is already used by another tag" },
    });
    expect(await listTags({ db: database.db })).toHaveLength(1);
  });
});

describe("updateTag", () => {
  test("saves name and description, keeps the slug when left blank, moves it when typed", async () => {
    const tag = await created({ name: "API" });
    expect(
      await updateTag({ db: database.db, id: tag.id, input: form({ name: "Public API", description: "x" }) }),
    ).toMatchObject({ status: "updated", tag: { name: "Public API", slug: "api", description: "x" } });
    expect(
      await updateTag({ db: database.db, id: tag.id.toUpperCase(), input: form({ name: "Public API", slug: "pub" }) }),
    ).toMatchObject({ status: "updated", tag: { slug: "pub", description: null } });
  });

  test("lets a tag keep its own name in another case, refuses another tag's name or slug", async () => {
    const api = await created({ name: "API" });
    await created({ name: "Chatbot" });
    expect(await updateTag({ db: database.db, id: api.id, input: form({ name: "api" }) })).toMatchObject({
      status: "updated",
      tag: { name: "api" },
    });
    expect(await updateTag({ db: database.db, id: api.id, input: form({ name: "CHATBOT", slug: "chatbot" }) })).toEqual(
      {
        status: "invalid",
        fieldErrors: {
          name: "A tag with this name already exists",
          slug: "This slug is already used by another tag",
        },
      },
    );
  });

  test("refuses an unknown or malformed id with a not-found AppError", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "api"]) {
      await expect(updateTag({ db: database.db, id, input: form({ name: "X" }) })).rejects.toMatchObject({
        code: "not-found",
        message: "Tag not found",
      });
    }
  });
});

describe("deleteTag", () => {
  test("removes the tag and its links to tools, leaving the tools", async () => {
    const [quill] = await insertTools(database.db, { name: "Quill" });
    const api = await created({ name: "API" });
    const chat = await created({ name: "Chatbot" });
    await tagTool(quill!.id, api.id, chat.id);

    expect(await deleteTag({ db: database.db, id: api.id })).toBe(true);
    expect(await listTagsForTool({ db: database.db, toolId: quill!.id })).toEqual([
      { slug: "chatbot", name: "Chatbot" },
    ]);
    expect(await database.db.select().from(tools)).toHaveLength(1);
    expect(await deleteTag({ db: database.db, id: api.id })).toBe(false);
    expect(await deleteTag({ db: database.db, id: "api" })).toBe(false);
  });
});

describe("the lists", () => {
  test("listTags and listTagsWithCounts order by name, case-insensitively, with each tag's tool count", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    const zeta = await created({ name: "zeta" });
    const api = await created({ name: "API", description: "Has one", kind: "generic" });
    const beta = await created({ name: "beta" });
    await tagTool(quill!.id, api.id, zeta.id);
    await tagTool(echo!.id, api.id);

    expect(await listTags({ db: database.db })).toEqual([
      { id: api.id, slug: "api", name: "API" },
      { id: beta.id, slug: "beta", name: "beta" },
      { id: zeta.id, slug: "zeta", name: "zeta" },
    ]);
    expect(await listTagsWithCounts({ db: database.db })).toEqual([
      { id: api.id, slug: "api", name: "API", description: "Has one", kind: "generic", toolCount: 2 },
      { id: beta.id, slug: "beta", name: "beta", description: null, kind: "job", toolCount: 0 },
      { id: zeta.id, slug: "zeta", name: "zeta", description: null, kind: "job", toolCount: 1 },
    ]);
  });

  test("listTagsInUse lists only tags with tools, by name, with their counts", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    const api = await created({ name: "API" });
    await created({ name: "Unused" });
    const chat = await created({ name: "chatbot" });
    await tagTool(quill!.id, api.id, chat.id);
    await tagTool(echo!.id, chat.id);
    expect(await listTagsInUse({ db: database.db })).toEqual([
      { slug: "api", name: "API", toolCount: 1 },
      { slug: "chatbot", name: "chatbot", toolCount: 2 },
    ]);
  });

  test("the counts follow every change to the links: a bulk insert, an unlink, a tool or a tag deleted", async () => {
    const [quill, echo, lyra] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" }, { name: "Lyra" });
    const api = await created({ name: "API" });
    const chat = await created({ name: "chatbot" });
    const voice = await created({ name: "voice" });
    // One statement for six links: the trigger sees them together.
    await tagTool(quill!.id, api.id, chat.id, voice.id);
    await database.db.insert(toolTags).values([
      { toolId: echo!.id, tagId: chat.id },
      { toolId: echo!.id, tagId: voice.id },
      { toolId: lyra!.id, tagId: chat.id },
    ]);
    const inUse = async () => (await listTagsInUse({ db: database.db })).map((tag) => `${tag.slug} ${tag.toolCount}`);
    expect(await inUse()).toEqual(["api 1", "chatbot 3", "voice 2"]);

    await database.db.execute(sql`delete from ${toolTags} where ${toolTags.toolId} = ${quill!.id}
      and ${toolTags.tagId} = ${api.id}`);
    expect(await inUse()).toEqual(["chatbot 3", "voice 2"]);
    await database.db.execute(sql`delete from ${tools} where ${tools.id} = ${echo!.id}`);
    expect(await inUse()).toEqual(["chatbot 2", "voice 1"]);
    await deleteTag({ db: database.db, id: voice.id });
    expect(await inUse()).toEqual(["chatbot 2"]);
    // The kept counts equal a count of the links themselves.
    const counted = await database.db.execute(sql`select count(*)::int as n from ${toolTags}`);
    expect((counted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });

  test("listTagsForTool and listTagIdsForTool give a tool's tags by name; none for an unknown id", async () => {
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    const writing = await created({ name: "Writing assistant" });
    const api = await created({ name: "API" });
    await tagTool(quill!.id, writing.id, api.id);
    expect(await listTagsForTool({ db: database.db, toolId: quill!.id })).toEqual([
      { slug: "api", name: "API" },
      { slug: "writing-assistant", name: "Writing assistant" },
    ]);
    expect(await listTagIdsForTool({ db: database.db, toolId: quill!.id })).toEqual([api.id, writing.id]);
    expect(await listTagsForTool({ db: database.db, toolId: echo!.id })).toEqual([]);
    expect(await listTagsForTool({ db: database.db, toolId: "quill" })).toEqual([]);
  });

  test("listTagsForTools gives several tools' tags by name in one read; an empty list for a tool without", async () => {
    const [quill, echo, mute] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" }, { name: "Mute" });
    const writing = await created({ name: "Writing assistant" });
    const api = await created({ name: "API" });
    await tagTool(quill!.id, writing.id, api.id);
    await tagTool(echo!.id, api.id);
    const byTool = await listTagsForTools({ db: database.db, toolIds: [quill!.id, echo!.id, mute!.id, "quill"] });
    expect(Object.fromEntries(byTool)).toEqual({
      [quill!.id]: [
        { slug: "api", name: "API" },
        { slug: "writing-assistant", name: "Writing assistant" },
      ],
      [echo!.id]: [{ slug: "api", name: "API" }],
      [mute!.id]: [],
      quill: [],
    });
    expect(await listTagsForTools({ db: database.db, toolIds: [] })).toEqual(new Map());
  });
});

describe("findTagBySlug", () => {
  test("finds a tag by its slug, ignoring case, and answers null otherwise", async () => {
    const tag = await created({ name: "Open source", description: "Code you can read." });
    const expected = { id: tag.id, slug: "open-source", name: "Open source", description: "Code you can read." };
    expect(await findTagBySlug({ db: database.db, slug: "open-source" })).toEqual(expected);
    expect(await findTagBySlug({ db: database.db, slug: "Open-Source" })).toEqual(expected);
    for (const slug of ["closed-source", "", "x".repeat(500), "' or 1=1 --"]) {
      expect(await findTagBySlug({ db: database.db, slug })).toBeNull();
    }
  });
});

describe("resolveTagIds", () => {
  test("reads ids and slugs into ids, each once in the order posted; null when one names no tag", async () => {
    const api = await created({ name: "API" });
    const chat = await created({ name: "Chatbot" });
    expect(await resolveTagIds({ db: database.db, values: [] })).toEqual([]);
    expect(await resolveTagIds({ db: database.db, values: ["chatbot", api.id.toUpperCase(), "api"] })).toEqual([
      chat.id,
      api.id,
    ]);
    expect(await resolveTagIds({ db: database.db, values: ["api", "nope"] })).toBeNull();
    expect(await resolveTagIds({ db: database.db, values: ["00000000-0000-4000-8000-000000000000"] })).toBeNull();
  });
});
