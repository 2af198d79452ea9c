import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client.server";
import { moderationActions, profiles, toolChanges, tools } from "~/server/db/schema.server";
import { serveMarkdownTwins } from "~/server/http/markdown-twins.server";
import { createCatalogueMcpServer } from "~/server/mcp/mcp-server.server";
import { migrationsUpTo, readJournal } from "~/server/backup/schema-version.server";
import { insertTools, insertUsers } from "../../../tests/setup/fixtures";
import { runOnDatabaseServer } from "../../../tests/setup/database-server";
import { loadProductionBuild } from "../../../tests/setup/production-build";
import { GENERATED_NAME } from "../../../tests/setup/public-names";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  formPost,
  TEST_SITE_URL,
  type TestServices,
  createTestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// Issue 37, decision 147: no page, feed, API or MCP answer, Markdown twin or llms.txt shows any
// part of a member's email address. Two members act the way that used to leak it: one comments
// without choosing a name, an administrator changes a tool (the public change log names them).

const MEMBER_EMAIL = "maria.ux@example.com";
const ADMIN_EMAIL = "admin.ux@example.com";
/** The addresses and their local parts, in any letter case. */
const FORBIDDEN = [MEMBER_EMAIL, ADMIN_EMAIL, "maria.ux", "admin.ux"];

const leaksIn = (text: string) => FORBIDDEN.filter((part) => text.toLowerCase().includes(part));

describe("every public surface", () => {
  let database: TestDatabase;
  let services: TestServices;
  let render: (request: Request) => Promise<Response>;
  let twins: { url: string; close: () => void };
  let names: { member: string; admin: string };

  beforeAll(async () => {
    database = await createTestDatabase();
    services = createTestServices({ db: database.db });
    const handle = createRequestHandler(await loadProductionBuild(), "production");
    render = async (request) => handle(request, await contextFor(services, request));
    const app = express();
    app.use((_req, res, next) => {
      res.locals.origin = TEST_SITE_URL;
      next();
    });
    app.use(serveMarkdownTwins(database.db));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    twins = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };

    await insertTools(database.db, { name: "Quill", slug: "quill", category: "Writing" });
    const member = await createSignedInUser(services, MEMBER_EMAIL);
    const admin = await createSignedInAdmin(services, ADMIN_EMAIL);
    const comment = async (cookie: string, content: string) => {
      const answer = await render(formPost("/tool/quill", { intent: "comment", content }, { cookie }));
      expect(answer.status, `the comment "${content}" is posted`).toBeLessThan(400);
    };
    await comment(member.cookie, "Posted before choosing a name.");
    await comment(admin.cookie, "An administrator's word.");
    const [quill] = await database.db.select({ id: tools.id }).from(tools).where(eq(tools.slug, "quill"));
    for (const intent of ["discontinue", "restore"]) {
      const changed = await render(formPost("/admin/tools", { intent, id: quill!.id }, { cookie: admin.cookie }));
      expect(changed.status, `the admin's ${intent}`).toBe(302);
    }
    const nameOf = async (id: string) =>
      (await database.db.select().from(profiles).where(eq(profiles.id, id)))[0]!.displayName!;
    names = { member: await nameOf(member.id), admin: await nameOf(admin.id) };
  });
  afterAll(async () => {
    twins?.close();
    await database?.dispose();
  });

  const page = async (path: string) => {
    const response = await render(new Request(`${TEST_SITE_URL}${path}`));
    expect(response.status, path).toBe(200);
    return response.text();
  };

  test("each member has a generated name, and the pages show it", async () => {
    expect(names.member).toMatch(GENERATED_NAME);
    expect(names.admin).toMatch(GENERATED_NAME);
    const tool = await page("/tool/quill");
    expect(tool).toContain(names.member);
    expect(tool).toContain("Posted before choosing a name.");
    expect(await page("/changes")).toContain(names.admin);
  });

  test("no page, feed, API answer, twin or llms.txt shows an address or its local part", async () => {
    const paths = [
      "/",
      "/tool/quill",
      "/tool/quill/alternatives",
      "/category/Writing",
      "/changes",
      "/changes/rss.xml",
      "/tools/rss.xml",
      "/tools/feed.json",
      "/api/v1/tools",
      "/api/v1/tools/quill",
      "/llms.txt",
      `/u/${names.member}`,
      `/u/${names.admin}`,
    ];
    const read: Record<string, string> = {};
    for (const path of paths) read[path] = await page(path);
    const twin = await fetch(`${twins.url}/tool/quill.md`);
    expect(twin.status).toBe(200);
    read["/tool/quill.md"] = await twin.text();

    expect(read["/changes/rss.xml"]).toContain(names.admin);
    expect(read[`/u/${names.member}`]).toContain("Posted before choosing a name.");
    expect(
      Object.entries(read)
        .filter(([, text]) => leaksIn(text).length > 0)
        .map(([path]) => path),
    ).toEqual([]);
  });

  test("no MCP answer shows an address or its local part", async () => {
    const server = createCatalogueMcpServer({ db: database.db, siteUrl: TEST_SITE_URL });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "aitlas-test", version: "1.0.0" });
    await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
    try {
      const calls: [string, Record<string, unknown>][] = [
        ["search_tools", {}],
        ["get_tool", { slug: "quill", include_description: true }],
        ["list_alternatives", { slug: "quill" }],
        ["list_categories", {}],
        ["recent_changes", {}],
        ["recent_changes", { tool: "quill" }],
      ];
      const answers = [JSON.stringify(await client.listTools())];
      for (const [name, args] of calls) {
        const result = await client.callTool({ name, arguments: args });
        expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
        answers.push(JSON.stringify(result));
      }
      expect(answers.at(-1)).toContain(names.admin);
      expect(answers.flatMap(leaksIn)).toEqual([]);
    } finally {
      await client.close();
      await server.close();
    }
  });
});

/** An empty database of the engine under test, migrated by the test itself. */
async function emptyDatabase(): Promise<DatabaseHandle & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.AITLAS_TEST_ENGINE !== "postgres" || !serverUrl) {
    const handle = await openDatabase({ kind: "pglite" });
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `aitlas_names_${randomBytes(5).toString("hex")}`;
  await runOnDatabaseServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 2 });
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      await runOnDatabaseServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

describe("migration 0017 for existing accounts", () => {
  // It migrates a new database from the first migration up: slow on a busy machine, hence 120 s.
  test("names every member, drops usernames and logged admin names taken from an address, keeps chosen names", async () => {
    const database = await emptyDatabase();
    try {
      const before = readJournal().find((entry) => entry.tag === "0017_public_names")!.idx - 1;
      const older = readJournal()[before]!;
      const upTo = migrationsUpTo({ tag: older.tag, index: older.idx });
      await database.migrate(upTo.folder);
      upTo.remove();

      // The old trigger named profiles after the address's local part.
      const [maria, admin, chosen, google] = await insertUsers(
        database.db,
        { email: MEMBER_EMAIL },
        { email: ADMIN_EMAIL },
        { email: "quill.fan@example.com" },
        { email: "ada@example.com", name: "Ada Lovelace" },
      );
      await database.db.update(profiles).set({ displayName: "Quill_Fan" }).where(eq(profiles.id, chosen!.id));
      const oldNames = await database.db.select({ id: profiles.id, username: profiles.username }).from(profiles);
      expect(oldNames.find((row) => row.id === maria!.id)?.username).toBe("maria.ux");
      // Written in SQL: the schema module describes today's table, which has columns 0016 had not.
      await database.db.execute(
        sql`insert into tools (slug, name, description, category) values ('quill', 'Quill', '<p>About Quill.</p>', 'Writing')`,
      );
      const [quill] = await database.db.select({ id: tools.id }).from(tools).where(eq(tools.slug, "quill"));
      await database.db.insert(toolChanges).values([
        { toolId: quill!.id, field: "status", origin: "admin", actorId: admin!.id, actorName: "admin.ux" },
        { toolId: quill!.id, field: "status", origin: "admin", actorId: admin!.id, actorName: ADMIN_EMAIL },
        { toolId: quill!.id, field: "status", origin: "admin", actorId: null, actorName: "Aitlas Team" },
      ]);
      await database.db.insert(moderationActions).values({
        action: "comment-hidden",
        subjectId: quill!.id,
        summary: "Spam",
        actorId: admin!.id,
        actorName: "admin.ux",
      });

      await database.migrate();

      const rows = await database.db
        .select({ id: profiles.id, username: profiles.username, displayName: profiles.displayName })
        .from(profiles);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const adminName = byId.get(admin!.id)!.displayName!;
      expect(byId.get(maria!.id)!.displayName).toMatch(GENERATED_NAME);
      expect(byId.get(maria!.id)!.username).toBe(byId.get(maria!.id)!.displayName);
      expect(adminName).toMatch(GENERATED_NAME);
      expect(byId.get(chosen!.id)).toMatchObject({ displayName: "Quill_Fan", username: "Quill_Fan" });
      expect(byId.get(google!.id)).toMatchObject({
        username: "Ada Lovelace",
        displayName: expect.stringMatching(GENERATED_NAME),
      });
      expect(new Set(rows.map((row) => row.displayName!.toLowerCase())).size).toBe(rows.length);

      const logged = await database.db.select({ actorName: toolChanges.actorName }).from(toolChanges);
      expect(logged.map((row) => row.actorName).sort()).toEqual(["Aitlas Team", adminName, adminName].sort());
      const moderated = await database.db.select({ actorName: moderationActions.actorName }).from(moderationActions);
      expect(moderated).toEqual([{ actorName: adminName }]);
      expect(JSON.stringify({ rows, logged, moderated }).toLowerCase()).not.toMatch(/maria\.ux|admin\.ux/);

      // A user created afterwards gets a generated name from the new trigger.
      const [later] = await insertUsers(database.db, { email: "later.person@example.com" });
      const [laterProfile] = await database.db.select().from(profiles).where(eq(profiles.id, later!.id));
      expect(laterProfile).toMatchObject({
        displayName: expect.stringMatching(GENERATED_NAME),
        username: laterProfile!.displayName,
      });
    } finally {
      await database.dispose();
    }
  }, 120_000);
});
