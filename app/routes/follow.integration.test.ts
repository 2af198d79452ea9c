import type { AddressInfo } from "node:net";
import express from "express";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FOLLOW_NOT_FOUND, FOLLOW_TOASTS } from "~/lib/follows";
import { loader as categoryLoader } from "~/routes/category";
import { action, loader as followLoader } from "~/routes/follow";
import { loader as savedLoader } from "~/routes/saved";
import { loader as tagLoader } from "~/routes/tag";
import { loader as toolLoader } from "~/routes/tool";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe";
import { DATA_REQUEST_HEADER } from "~/server/auth/guards.server";
import { followMailSettings, follows, tags, tools } from "~/server/db/schema.server";
import { unsubscribeSigner } from "~/server/follows/unsubscribe.server";
import { serveOneClickUnsubscribe } from "~/server/http/one-click-unsubscribe.server";
import { insertTools, tagTools } from "../../tests/setup/fixtures";
import { getRequest, routeAnswer, type RouteAnswer } from "../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInUser,
  createTestServices,
  formPost,
  type TestServices,
} from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";

// /follow, the pages' follow state, /saved's Following and the unsubscribe page and one-click
// address, as a browser and a mail provider reach them: real requests and sessions.

let database: TestDatabase;
let services: TestServices;
let quill: { id: string; slug: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${tags}, rate_limits cascade`);
  quill = (await insertTools(database.db, { name: "Quill Writer", category: "Writing" }))[0]!;
  await tagTools(database.db, { "Quill Writer": ["drafting"] });
});

let userCounter = 0;
const newUser = () => createSignedInUser(services, `follower${++userCounter}@example.com`);

type Handler = (args: never) => unknown;

async function call(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<RouteAnswer> {
  const context = await contextFor(services, request);
  try {
    return await routeAnswer(await handler({ request, params, context } as never));
  } catch (thrown) {
    return routeAnswer(thrown, { thrown: true });
  }
}

function post(fields: Record<string, string>, { cookie, fetcher = true }: { cookie?: string; fetcher?: boolean } = {}) {
  const request = formPost("/follow", fields, { cookie });
  if (fetcher) request.headers.set(DATA_REQUEST_HEADER, "1");
  return call(action as Handler, request);
}

const followRows = () => database.db.select().from(follows);

describe("the follow action", () => {
  it("follows and unfollows a category, a tag and a tool in place; the pages show it only to the member", async () => {
    const user = await newUser();
    const [drafting] = await database.db.select().from(tags).where(eq(tags.slug, "drafting"));
    for (const [kind, target] of [
      ["category", "Writing"],
      ["tag", drafting!.id],
      ["tool", quill.id],
    ] as const) {
      expect(await post({ intent: "follow", kind, target }, { cookie: user.cookie })).toMatchObject({
        status: 200,
        data: { ok: true, data: { following: true } },
      });
      // Twice is once.
      await post({ intent: "follow", kind, target }, { cookie: user.cookie });
    }
    expect(await followRows()).toHaveLength(3);
    const [settings] = await database.db.select().from(followMailSettings);
    expect(settings).toMatchObject({ userId: user.id, frequency: "weekly" });

    const pages: [Handler, string, Record<string, string>][] = [
      [categoryLoader as Handler, "/category/Writing", { category: "Writing" }],
      [tagLoader as Handler, "/tag/drafting", { slug: "drafting" }],
      [toolLoader as Handler, `/tool/${quill.slug}`, { id: quill.slug }],
    ];
    for (const [loader, path, params] of pages) {
      expect((await call(loader, getRequest(path, { cookie: user.cookie }), params)).data).toMatchObject({
        following: true,
      });
      // A visitor's page carries no state: the same for everyone, so it can be cached.
      expect((await call(loader, getRequest(path), params)).data).toMatchObject({ following: null });
    }

    const saved = await call(savedLoader as Handler, getRequest("/saved", { cookie: user.cookie }));
    expect(saved.data).toMatchObject({
      frequency: "weekly",
      following: expect.arrayContaining([
        expect.objectContaining({ kind: "category", id: "Writing", name: "Writing", href: "/category/Writing" }),
        expect.objectContaining({ kind: "tag", id: drafting!.id, name: "Drafting", href: "/tag/drafting" }),
        expect.objectContaining({ kind: "tool", id: quill.id, name: "Quill Writer", href: `/tool/${quill.slug}` }),
      ]),
    });

    expect(
      await post({ intent: "unfollow", kind: "category", target: "Writing" }, { cookie: user.cookie }),
    ).toMatchObject({ data: { ok: true, data: { following: false } } });
    expect(await followRows()).toHaveLength(2);
  });

  it("without JavaScript, goes back to the page with the toast's words; the frequency is a choice of three", async () => {
    const user = await newUser();
    const followed = await post(
      { intent: "follow", kind: "category", target: "Writing", redirectTo: "/category/Writing" },
      { cookie: user.cookie, fetcher: false },
    );
    expect(followed).toMatchObject({ status: 302, location: "/category/Writing" });

    const chosen = await post(
      { intent: "frequency", frequency: "instant", redirectTo: "/saved" },
      { cookie: user.cookie, fetcher: false },
    );
    expect(chosen).toMatchObject({ status: 302, location: "/saved" });
    const [settings] = await database.db
      .select()
      .from(followMailSettings)
      .where(eq(followMailSettings.userId, user.id));
    expect(settings!.frequency).toBe("instant");

    expect(await post({ intent: "frequency", frequency: "hourly" }, { cookie: user.cookie })).toMatchObject({
      status: 400,
    });
  });

  it("refuses what cannot be followed, and a visitor is sent to sign in; nothing written", async () => {
    const user = await newUser();
    for (const [kind, target] of [
      ["category", "Gardening"],
      ["planet", "Mars"],
    ]) {
      expect(await post({ intent: "follow", kind: kind!, target: target! }, { cookie: user.cookie })).toMatchObject({
        status: 400,
        data: { ok: false, formError: FOLLOW_NOT_FOUND },
      });
    }
    expect(
      await post(
        { intent: "follow", kind: "tool", target: "00000000-0000-4000-8000-000000000000" },
        { cookie: user.cookie },
      ),
    ).toMatchObject({ status: 404, data: { ok: false, formError: FOLLOW_NOT_FOUND } });

    expect(await post({ intent: "follow", kind: "category", target: "Writing" })).toMatchObject({
      status: 401,
      data: { code: "unauthorized", formError: FOLLOW_TOASTS.signIn.description },
    });
    expect(
      await post(
        { intent: "follow", kind: "category", target: "Writing", redirectTo: "/category/Writing" },
        { fetcher: false },
      ),
    ).toMatchObject({ status: 302, location: `/sign-in?redirectTo=${encodeURIComponent("/category/Writing")}` });
    expect(await followRows()).toEqual([]);
    expect(await call(followLoader as Handler, getRequest("/follow"))).toMatchObject({
      status: 302,
      location: "/saved",
    });
  });
});

describe("unsubscribing", () => {
  async function subscribed() {
    const user = await newUser();
    await post({ intent: "follow", kind: "category", target: "Writing" }, { cookie: user.cookie });
    const token = (await unsubscribeSigner({ db: database.db }))(user.id);
    const frequency = async () =>
      (await database.db.select().from(followMailSettings).where(eq(followMailSettings.userId, user.id)))[0]!.frequency;
    return { token, frequency };
  }

  it("the page shows a button without signing in, and its post stops the emails", async () => {
    const { token, frequency } = await subscribed();
    const page = `/unsubscribe?token=${encodeURIComponent(token)}`;
    expect((await call(unsubscribeLoader as Handler, getRequest(page))).data).toEqual({ token, valid: true });
    // Opening the link changes nothing: mail scanners open links too.
    expect(await frequency()).toBe("weekly");

    expect(await call(unsubscribeAction as Handler, formPost(page, { token }))).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    expect(await frequency()).toBe("off");

    const forged = `${token.slice(0, -2)}xx`;
    expect((await call(unsubscribeLoader as Handler, getRequest(`/unsubscribe?token=${forged}`))).data).toEqual({
      token: forged,
      valid: false,
    });
    expect(await call(unsubscribeAction as Handler, formPost("/unsubscribe", { token: forged }))).toMatchObject({
      status: 400,
      data: { ok: false, formError: "This unsubscribe link is not valid." },
    });
  });

  it("a mail provider's one-click post (RFC 8058) stops the emails, with no session and no origin of ours", async () => {
    const { token, frequency } = await subscribed();
    const app = express();
    app.use(serveOneClickUnsubscribe(database.db));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const address = `${base}/unsubscribe/one-click?token=${encodeURIComponent(token)}`;
      const opened = await fetch(address, { redirect: "manual" });
      expect(opened.status).toBe(303);
      expect(opened.headers.get("location")).toBe(`/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(await frequency()).toBe("weekly");

      const forged = await fetch(`${base}/unsubscribe/one-click?token=${token}x`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(forged.status).toBe(400);
      expect(await frequency()).toBe("weekly");

      const clicked = await fetch(address, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(clicked.status).toBe(200);
      expect(await clicked.text()).toBe("You are unsubscribed.");
      expect(await frequency()).toBe("off");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
