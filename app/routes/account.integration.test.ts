import { eq, inArray, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "~/lib/account";
import { LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE } from "~/lib/logo-upload";
import { action as confirmAction, loader as confirmLoader } from "~/routes/account-confirm";
import AccountPage, { action, loader } from "~/routes/account";
import MemberProfilePage, { loader as profileLoader, meta as profileMeta } from "~/routes/member-profile";
import { action as signInAction } from "~/routes/sign-in";
import { recordVote } from "~/server/community/votes.server";
import { comments, profiles, sessions, tools, users } from "~/server/db/schema.server";
import { readFlashValue } from "~/server/flash.server";
import { extractLinks, startFakeSmtp, type FakeSmtp } from "../../tests/fakes/smtp";
import { insertTools } from "../../tests/setup/fixtures";
import { HTML_PAGE, makePng } from "../../tests/setup/images";
import { formPostRequest, getRequest, settleRoute, type RouteAnswer } from "../../tests/setup/route-calls";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInUser,
  createTestServices,
  TEST_SITE_URL,
  type TestServices,
} from "../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { GENERATED_NAME } from "../../tests/setup/public-names";

// /account, /account/confirm and /u/{name} through their real loaders and actions: a fresh
// database, Better Auth's real sessions, mail delivered to a loopback SMTP server.

let database: TestDatabase;
let smtp: FakeSmtp;
let services: TestServices;

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startFakeSmtp();
  services = createTestServices({ db: database.db, smtpUrl: smtp.url });
});
afterAll(async () => {
  await smtp.stop();
  await database.dispose();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate table ${users}, ${tools}, verifications, rate_limits cascade`);
  smtp.clear();
});

type RouteFunction = (args: never) => unknown;

/** What meta functions read the site's origin from. */
const rootMatches = [{ id: "root", data: { siteUrl: TEST_SITE_URL } }];

async function call(routeFunction: RouteFunction, request: Request, params: Record<string, string> = {}) {
  const context = await contextFor(services, request);
  return settleRoute(() => routeFunction({ request, context, params } as never));
}

/** A post to /account's action with the member's cookie (same origin unless said otherwise). */
const post = (
  cookie: string | null,
  fields: Record<string, string>,
  options: { origin?: string | null } = {},
): Promise<RouteAnswer> => call(action, formPostRequest("/account", fields, { cookie, ...options }));

/** A multipart post, as the avatar form sends it. */
function uploadAvatar(cookie: string, file: Blob | null) {
  const body = new FormData();
  body.set("intent", "avatar");
  if (file) body.set("avatar", file, "me.png");
  const request = new Request(new URL("/account", TEST_SITE_URL), {
    method: "POST",
    headers: { cookie, origin: TEST_SITE_URL },
    body,
  });
  return call(action, request);
}

function flashOf(answer: RouteAnswer): { kind: string; title: string } | null {
  const cookie = answer.headers?.getSetCookie().find((value) => value.startsWith("aitlas_flash="));
  const value = cookie?.split(";")[0]!.slice("aitlas_flash=".length);
  return value ? readFlashValue(value) : null;
}

async function profileOf(userId: string) {
  const [profile] = await database.db.select().from(profiles).where(eq(profiles.id, userId));
  return profile;
}

async function viewerOf(cookie: string) {
  return (await contextFor(services, getRequest("/", { cookie }))).viewer;
}

function accountLinkIn(mail: { text: string; html: string }) {
  const link = extractLinks(mail).find((url) => url.includes("/account/confirm?token="));
  if (!link) throw new Error(`no account link in: ${mail.text}`);
  return new URL(link);
}

const confirmLink = (link: URL, cookie?: string) =>
  call(confirmAction, formPostRequest("/account/confirm", { token: link.searchParams.get("token")! }, { cookie }));

describe("display names", () => {
  it("is chosen, refused when taken in any letter case, and validated", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const bob = await createSignedInUser(services, "bob@example.com");

    const chosen = await post(ada.cookie, { intent: "display-name", displayName: " Ada.Lovelace " });
    expect(chosen).toMatchObject({ status: 302, location: "/account" });
    expect(flashOf(chosen)).toEqual({ kind: "success", title: ACCOUNT_MESSAGES.displayNameSaved });
    expect((await profileOf(ada.id))?.displayName).toBe("Ada.Lovelace");
    expect((await viewerOf(ada.cookie))?.displayName).toBe("Ada.Lovelace");
    expect(services.invalidations()).toBeGreaterThan(0);

    const taken = await post(bob.cookie, { intent: "display-name", displayName: "ada.LOVELACE" });
    expect(taken).toMatchObject({
      status: 409,
      data: { ok: false, form: "display-name", fieldErrors: { displayName: ACCOUNT_MESSAGES.displayNameTaken } },
    });
    expect((await profileOf(bob.id))?.displayName).toMatch(GENERATED_NAME);

    for (const invalid of ["ab", "a".repeat(31), "no spaces", "émile"]) {
      const refused = await post(bob.cookie, { intent: "display-name", displayName: invalid });
      expect(refused.status, invalid).toBe(400);
      expect(refused.data).toMatchObject({
        ok: false,
        form: "display-name",
        fieldErrors: { displayName: expect.any(String) },
      });
    }
    // The member may change the letter case of their own name.
    expect((await post(ada.cookie, { intent: "display-name", displayName: "ada.lovelace" })).status).toBe(302);
    expect((await profileOf(ada.id))?.displayName).toBe("ada.lovelace");
  });

  it("can be chosen at sign-up, and a taken one creates nothing", async () => {
    const signUp = (fields: Record<string, string>) =>
      call(signInAction, formPostRequest("/sign-in", { mode: "sign-up", redirectTo: "/", ...fields }));

    const created = await signUp({ email: "grace@example.com", password: "cobol rules", displayName: "Grace_H" });
    expect(created.status).toBe(302);
    const [grace] = await database.db.select().from(users).where(eq(users.email, "grace@example.com"));
    expect((await profileOf(grace!.id))?.displayName).toBe("Grace_H");

    const taken = await signUp({ email: "other@example.com", password: "cobol rules", displayName: "grace_h" });
    expect(taken).toMatchObject({
      status: 409,
      data: { ok: false, form: "sign-up", fieldErrors: { displayName: ACCOUNT_MESSAGES.displayNameTaken } },
    });
    expect(await database.db.select().from(users).where(eq(users.email, "other@example.com"))).toEqual([]);

    const invalid = await signUp({ email: "other@example.com", password: "cobol rules", displayName: "x" });
    expect(invalid).toMatchObject({ status: 400, data: { fieldErrors: { displayName: expect.any(String) } } });

    // Left empty, the name is chosen later.
    expect((await signUp({ email: "later@example.com", password: "cobol rules", displayName: "" })).status).toBe(302);
  });
});

describe("avatars", () => {
  it("stores a valid image re-encoded, and refuses what is not one", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const saved = await uploadAvatar(ada.cookie, new Blob([await makePng(300, 200)], { type: "image/png" }));
    expect(saved).toMatchObject({ status: 302, location: "/account" });
    const url = (await profileOf(ada.id))?.avatarUrl;
    expect(url).toMatch(/^\/uploads\/avatars\/[0-9a-f-]+\.webp$/);
    expect((await viewerOf(ada.cookie))?.avatarUrl).toBe(url);

    const notAnImage = await uploadAvatar(ada.cookie, new Blob([HTML_PAGE], { type: "image/png" }));
    expect(notAnImage).toMatchObject({ status: 415, data: { fieldErrors: { avatar: LOGO_TYPE_MESSAGE } } });
    const missing = await uploadAvatar(ada.cookie, null);
    expect(missing).toMatchObject({ status: 400, data: { fieldErrors: { avatar: ACCOUNT_MESSAGES.avatarMissing } } });
    const tooLarge = await uploadAvatar(ada.cookie, new Blob([Buffer.alloc(6 * 1024 * 1024)]));
    expect(tooLarge).toMatchObject({
      status: 413,
      data: { ok: false, form: "avatar", code: "payload-too-large", fieldErrors: { avatar: LOGO_SIZE_MESSAGE } },
    });
    expect((await profileOf(ada.id))?.avatarUrl).toBe(url);

    const removed = await post(ada.cookie, { intent: "remove-avatar" });
    expect(flashOf(removed)?.title).toBe(ACCOUNT_MESSAGES.avatarRemoved);
    expect((await profileOf(ada.id))?.avatarUrl).toBeNull();
  });
});

describe("email change", () => {
  it("changes the address only from the new mailbox's link, once, and tells the old one", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const { username, displayName } = (await profileOf(ada.id))!;
    const namesBefore = { username, displayName };
    const wrongPassword = await post(ada.cookie, { intent: "email", newEmail: "ada@new.example", password: "nope" });
    expect(wrongPassword).toMatchObject({
      status: 400,
      data: { fieldErrors: { password: ACCOUNT_MESSAGES.wrongPassword } },
    });
    const same = await post(ada.cookie, { intent: "email", newEmail: "ADA@example.com", password: ada.password });
    expect(same).toMatchObject({ status: 400, data: { fieldErrors: { newEmail: ACCOUNT_MESSAGES.sameEmail } } });

    const asked = await post(ada.cookie, { intent: "email", newEmail: "Ada@New.example", password: ada.password });
    expect(flashOf(asked)).toEqual({ kind: "success", title: ACCOUNT_MESSAGES.emailChangeRequested });
    const link = accountLinkIn(await smtp.waitForMessage({ to: "ada@new.example" }));
    // Nothing changes until the link is used; opening it only shows what it will do.
    const shown = await call(confirmLoader, getRequest(`${link.pathname}${link.search}`));
    expect(shown.data).toMatchObject({ kind: "change-email", newEmail: "ada@new.example" });
    const [before] = await database.db.select().from(users).where(eq(users.id, ada.id));
    expect(before?.email).toBe("ada@example.com");

    const confirmed = await confirmLink(link, ada.cookie);
    expect(confirmed).toMatchObject({ status: 302, location: "/account" });
    expect(flashOf(confirmed)?.title).toBe(ACCOUNT_MESSAGES.emailChanged);
    const [after] = await database.db.select().from(users).where(eq(users.id, ada.id));
    expect(after).toMatchObject({ email: "ada@new.example", emailVerified: true });
    // The public names stay as they were: neither comes from the address (decision 147).
    expect(await profileOf(ada.id)).toMatchObject(namesBefore);
    const notice = await smtp.waitForMessage({ to: "ada@example.com" });
    expect(notice.subject).toMatch(/email address was changed/);

    const reused = await confirmLink(link);
    expect(reused).toMatchObject({ status: 400, data: { ok: false, formError: ACCOUNT_MESSAGES.linkInvalid } });
    expect((await call(confirmLoader, getRequest(`${link.pathname}${link.search}`))).data).toMatchObject({
      kind: null,
    });
  });

  it("answers the same for an address another account uses, and sends no link", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    await createSignedInUser(services, "taken@example.com");
    const free = await post(ada.cookie, { intent: "email", newEmail: "free@example.com", password: ada.password });
    const taken = await post(ada.cookie, { intent: "email", newEmail: "taken@example.com", password: ada.password });
    expect(taken.status).toBe(free.status);
    expect(taken.location).toBe(free.location);
    expect(flashOf(taken)).toEqual(flashOf(free));

    const note = await smtp.waitForMessage({ to: "taken@example.com" });
    expect(extractLinks(note).filter((url) => url.includes("/account/confirm"))).toEqual([]);
    expect(note.subject).toMatch(/Someone tried/);
    const [owner] = await database.db.select().from(users).where(eq(users.email, "taken@example.com"));
    expect(owner).toBeDefined();
  });
});

describe("password and devices", () => {
  it("refuses a wrong current password, and a change signs out every other device", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const other = await services.auth.api.signInEmail({
      body: { email: ada.email, password: ada.password },
      asResponse: true,
    });
    const otherCookie = cookieHeaderFrom(other);

    const wrong = await post(ada.cookie, { intent: "password", currentPassword: "wrong", newPassword: "brand new" });
    expect(wrong).toMatchObject({
      status: 400,
      data: { fieldErrors: { currentPassword: ACCOUNT_MESSAGES.wrongPassword } },
    });
    const short = await post(ada.cookie, { intent: "password", currentPassword: ada.password, newPassword: "five5" });
    expect(short).toMatchObject({
      status: 400,
      data: { fieldErrors: { newPassword: "Password must be at least 6 characters" } },
    });
    expect(await viewerOf(otherCookie)).not.toBeNull();

    const changed = await post(ada.cookie, {
      intent: "password",
      currentPassword: ada.password,
      newPassword: "brand new",
    });
    expect(changed).toMatchObject({ status: 302, location: "/account" });
    expect(flashOf(changed)?.title).toBe(ACCOUNT_MESSAGES.passwordChanged);
    // This device gets a fresh session; every older one has ended.
    const freshCookie = cookieHeaderFrom(changed.headers!);
    expect(await viewerOf(freshCookie)).toMatchObject({ id: ada.id });
    expect(await viewerOf(otherCookie)).toBeNull();
    expect(await viewerOf(ada.cookie)).toBeNull();
    const signIn = await services.auth.api.signInEmail({
      body: { email: ada.email, password: "brand new" },
      asResponse: true,
    });
    expect(signIn.ok).toBe(true);
  });

  it("lists the member's sessions and signs out one or every other", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const bob = await createSignedInUser(services, "bob@example.com");
    const signInAgain = async () =>
      cookieHeaderFrom(
        await services.auth.api.signInEmail({ body: { email: ada.email, password: ada.password }, asResponse: true }),
      );
    const second = await signInAgain();
    const third = await signInAgain();

    const page = await call(loader, getRequest("/account", { cookie: ada.cookie }));
    const listed = (page.data as { sessions: { id: string; current: boolean }[] }).sessions;
    expect(listed).toHaveLength(3);
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(JSON.stringify(page.data)).not.toContain(bob.email);

    const [bobSession] = await database.db.select().from(sessions).where(eq(sessions.userId, bob.id));
    const notMine = await post(ada.cookie, { intent: "sign-out-session", sessionId: bobSession!.id });
    expect(notMine).toMatchObject({
      status: 404,
      data: { ok: false, form: "sign-out-session", formError: ACCOUNT_MESSAGES.sessionNotFound },
    });
    expect(await viewerOf(bob.cookie)).not.toBeNull();

    const secondId = listed.find((session) => !session.current)!.id;
    expect((await post(ada.cookie, { intent: "sign-out-session", sessionId: secondId })).status).toBe(302);
    const remaining = await database.db.select().from(sessions).where(eq(sessions.userId, ada.id));
    expect(remaining.map((session) => session.id)).not.toContain(secondId);
    expect(remaining).toHaveLength(2);

    const everywhere = await post(ada.cookie, { intent: "sign-out-others" });
    expect(flashOf(everywhere)?.title).toBe(ACCOUNT_MESSAGES.signedOutOthers);
    expect(await viewerOf(ada.cookie)).toMatchObject({ id: ada.id });
    expect(await viewerOf(second)).toBeNull();
    expect(await viewerOf(third)).toBeNull();
    expect(await viewerOf(bob.cookie)).not.toBeNull();
  });
});

describe("account deletion", () => {
  async function catalogueWithVotes() {
    const ada = await createSignedInUser(services, "ada@example.com");
    const bob = await createSignedInUser(services, "bob@example.com");
    // Accounts old enough and confirmed, so their votes count in the ranking (decision 174).
    await database.db
      .update(users)
      .set({ emailVerified: true, createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(inArray(users.id, [ada.id, bob.id]));
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    await recordVote({ db: database.db, userId: ada.id, toolId: quill!.id, rating: 5 });
    await recordVote({ db: database.db, userId: bob.id, toolId: quill!.id, rating: 1 });
    await recordVote({ db: database.db, userId: ada.id, toolId: echo!.id, rating: 4 });
    await database.db.insert(comments).values([
      { toolId: quill!.id, userId: ada.id, content: "Ada's words" },
      { toolId: quill!.id, userId: bob.id, content: "Bob's words" },
    ]);
    return { ada, bob, quill: quill!, echo: echo! };
  }

  const toolRows = (ids: string[]) =>
    database.db
      .select({ id: tools.id, rating: tools.rating, voteCount: tools.voteCount, rankingScore: tools.rankingScore })
      .from(tools)
      .where(inArray(tools.id, ids));

  it("refuses a wrong password and keeps everything", async () => {
    const { ada } = await catalogueWithVotes();
    const refused = await post(ada.cookie, { intent: "delete-account", password: "wrong" });
    expect(refused).toMatchObject({ status: 400, data: { fieldErrors: { password: ACCOUNT_MESSAGES.wrongPassword } } });
    const empty = await post(ada.cookie, { intent: "delete-account", password: "" });
    expect(empty).toMatchObject({
      status: 400,
      data: { fieldErrors: { password: ACCOUNT_MESSAGES.passwordRequired } },
    });
    expect(await viewerOf(ada.cookie)).toMatchObject({ id: ada.id });
  });

  it("removes the votes with every tool's numbers recounted, and keeps the comments as Anonymous", async () => {
    const { ada, quill, echo } = await catalogueWithVotes();
    const before = await toolRows([quill.id, echo.id]);
    const deleted = await post(ada.cookie, { intent: "delete-account", password: ada.password });
    expect(deleted).toMatchObject({ status: 302, location: "/" });
    expect(flashOf(deleted)?.title).toBe(ACCOUNT_MESSAGES.accountDeleted);
    expect(deleted.headers!.getSetCookie().some((cookie) => /^aitlas\.session_token=;/.test(cookie))).toBe(true);
    expect(services.invalidations()).toBeGreaterThan(0);

    expect(await database.db.select().from(users).where(eq(users.id, ada.id))).toEqual([]);
    const after = new Map((await toolRows([quill.id, echo.id])).map((row) => [row.id, row]));
    expect(after.get(quill.id)).toMatchObject({ rating: 1, voteCount: 1 });
    expect(after.get(echo.id)).toMatchObject({ rating: null, voteCount: 0 });
    for (const row of before) expect(after.get(row.id)!.rankingScore).not.toBe(row.rankingScore);
    const kept = await database.db.select().from(comments).where(eq(comments.content, "Ada's words"));
    expect(kept).toEqual([expect.objectContaining({ userId: null })]);
  });

  it("deletes the comments too when asked", async () => {
    const { ada } = await catalogueWithVotes();
    const deleted = await post(ada.cookie, { intent: "delete-account", password: ada.password, deleteComments: "on" });
    expect(deleted.status).toBe(302);
    const left = await database.db.select({ content: comments.content }).from(comments);
    expect(left).toEqual([{ content: "Bob's words" }]);
  });

  it("asks an account without a password to confirm from its mailbox", async () => {
    const { ada } = await catalogueWithVotes();
    // As a Google-only account is: no credential password.
    await database.db.execute(sql`update accounts set password = null where user_id = ${ada.id}`);
    const asked = await post(ada.cookie, { intent: "delete-account", password: "", deleteComments: "on" });
    expect(flashOf(asked)?.title).toBe(ACCOUNT_MESSAGES.deleteLinkSent);
    expect(await database.db.select().from(users).where(eq(users.id, ada.id))).toHaveLength(1);

    const link = accountLinkIn(await smtp.waitForMessage({ to: "ada@example.com" }));
    const confirmed = await confirmLink(link, ada.cookie);
    expect(confirmed).toMatchObject({ status: 302, location: "/" });
    expect(flashOf(confirmed)?.title).toBe(ACCOUNT_MESSAGES.accountDeleted);
    expect(await database.db.select().from(users).where(eq(users.id, ada.id))).toEqual([]);
    expect(await database.db.select().from(comments).where(eq(comments.content, "Ada's words"))).toEqual([]);
    expect((await confirmLink(link)).status).toBe(400);
  });
});

describe("refusals", () => {
  it("refuses a cross-site post and a signed-out one", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const generated = (await profileOf(ada.id))?.displayName;
    const crossSite = await post(
      ada.cookie,
      { intent: "display-name", displayName: "Ada" },
      { origin: "https://evil.example" },
    );
    expect(crossSite.status).toBe(403);
    const signedOut = await post(null, { intent: "display-name", displayName: "Ada" });
    expect(signedOut.status).toBe(401);
    const unknown = await post(ada.cookie, { intent: "become-admin" });
    expect(unknown).toMatchObject({ status: 400, data: { ok: false, formError: ACCOUNT_MESSAGES.unknownForm } });
    expect((unknown.data as { form?: string }).form).toBeUndefined();
    expect((await profileOf(ada.id))?.displayName).toBe(generated);
    const page = await call(loader, getRequest("/account"));
    expect(page).toMatchObject({ status: 302, location: "/sign-in?redirectTo=%2Faccount" });
  });

  it("limits account changes per member", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const answers: number[] = [];
    for (let index = 0; index < 11; index += 1)
      answers.push((await post(ada.cookie, { intent: "display-name", displayName: `ada-${index}` })).status);
    expect(answers.slice(0, 10).every((status) => status === 302)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});

describe("public profiles", () => {
  it("shows a member's visible comments and ratings, never the email, noindex below three comments", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    await post(ada.cookie, { intent: "display-name", displayName: "AdaL" });
    const [quill, echo] = await insertTools(database.db, { name: "Quill" }, { name: "Echo" });
    await recordVote({ db: database.db, userId: ada.id, toolId: quill!.id, rating: 4 });
    await database.db.insert(comments).values([
      { toolId: quill!.id, userId: ada.id, content: "First thoughts", createdAt: new Date("2025-01-01") },
      { toolId: echo!.id, userId: ada.id, content: "Hidden words", hiddenAt: new Date() },
    ]);

    const page = await call(profileLoader, getRequest("/u/AdaL"), { name: "AdaL" });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      member: { displayName: "AdaL" },
      commentCount: 1,
      ratingCount: 1,
      comments: [{ content: "First thoughts", tool: { slug: quill!.slug, name: "Quill" } }],
      ratings: [{ rating: 4, tool: { slug: quill!.slug } }],
    });
    const robots = () =>
      profileMeta({ loaderData: page.data, matches: rootMatches } as never).find(
        (tag) => "name" in tag && tag.name === "robots",
      );
    expect(robots()).toEqual({ name: "robots", content: "noindex" });

    const Stub = createRoutesStub([{ id: "page", path: "/u/:name", Component: MemberProfilePage as never }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/u/AdaL"], hydrationData: { loaderData: { page: page.data } } }),
    );
    expect(html).toContain("First thoughts");
    expect(html).toContain(`href="/tool/${quill!.slug}"`);
    expect(html).not.toContain("Hidden words");
    expect(html).not.toContain("ada@example.com");
    expect(JSON.stringify(page.data)).not.toContain("ada@example.com");

    await database.db.insert(comments).values([
      { toolId: echo!.id, userId: ada.id, content: "Second" },
      { toolId: echo!.id, userId: ada.id, content: "Third" },
    ]);
    const indexed = await call(profileLoader, getRequest("/u/AdaL"), { name: "AdaL" });
    expect(profileMeta({ loaderData: indexed.data, matches: rootMatches } as never)).not.toContainEqual(
      expect.objectContaining({ name: "robots" }),
    );
  });

  it("sends another letter case on to the exact name, and answers 404 for nobody", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    await post(ada.cookie, { intent: "display-name", displayName: "AdaL" });
    const moved = await call(profileLoader, getRequest("/u/adal?page=1"), { name: "adal" });
    expect(moved).toMatchObject({ status: 301, location: "/u/AdaL?page=1" });
    const missing = await call(profileLoader, getRequest("/u/nobody"), { name: "nobody" });
    expect(missing.status).toBe(404);
    // A member who chose no name has a page under their generated one, never under their address.
    const bob = await createSignedInUser(services, "bob@example.com");
    expect((await call(profileLoader, getRequest("/u/bob"), { name: "bob" })).status).toBe(404);
    const generated = (await profileOf(bob.id))!.displayName!;
    const page = await call(profileLoader, getRequest(`/u/${generated}`), { name: generated });
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.data)).not.toContain("bob");
  });

  it("renders the account page without the other members' data", async () => {
    const ada = await createSignedInUser(services, "ada@example.com");
    const page = await call(loader, getRequest("/account", { cookie: ada.cookie }));
    const Stub = createRoutesStub([{ id: "page", path: "/account", Component: AccountPage as never }]);
    const html = renderToString(
      createElement(Stub, { initialEntries: ["/account"], hydrationData: { loaderData: { page: page.data } } }),
    );
    expect(html).toContain("Your account");
    expect(html).toContain('name="displayName"');
    expect(html).toMatch(/enctype="multipart\/form-data"/i);
    expect(html).toContain("Also delete my comments");
    expect(html).toContain("This device");
  });
});
