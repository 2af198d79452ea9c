import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { MAKER_MESSAGES, REVOKE_MAKER_INTENT } from "~/lib/makers";
import { action as toolFormAction, loader as toolFormLoader } from "~/routes/admin/tool-form";
import { moderationActions, toolMakers, tools } from "~/server/db/schema.server";
import { takeFlash } from "~/server/flash.server";
import { isVerifiedMaker } from "~/server/makers/verified-makers.server";
import { insertTools } from "../../../tests/setup/fixtures";
import {
  contextFor,
  cookieHeaderFrom,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { formPostRequest, getRequest, settleRoute } from "../../../tests/setup/route-calls";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// Issue 33: an administrator takes a listing's maker status back from the admin tool page.

let database: TestDatabase;
let services: TestServices;
let admin: { id: string; cookie: string };
let maker: { id: string; cookie: string };
let toolId: string;
let makerId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  admin = await createSignedInAdmin(services, "admin@example.com");
  maker = await createSignedInUser(services, "maker@example.com");
});
afterAll(() => database.dispose());

beforeEach(async () => {
  await database.db.execute(sql`truncate table ${tools}, ${moderationActions} cascade`);
  const [tool] = await insertTools(database.db, { name: "Quill Writer" });
  toolId = tool!.id;
  const [row] = await database.db
    .insert(toolMakers)
    .values({
      toolId,
      userId: maker.id,
      token: "t".repeat(32),
      status: "verified",
      method: "file",
      verifiedAt: new Date(),
    })
    .returning({ id: toolMakers.id });
  makerId = row!.id;
});

async function post(fields: Record<string, string>, cookie: string, id = toolId) {
  const request = formPostRequest(`/admin/tools/${id}`, fields, { cookie });
  const context = await contextFor(services, request);
  return settleRoute(async () => toolFormAction({ request, params: { id }, context } as never));
}

async function makersListed() {
  const request = getRequest(`/admin/tools/${toolId}`, { cookie: admin.cookie });
  const context = await contextFor(services, request);
  const answer = await settleRoute(async () => toolFormLoader({ request, params: { id: toolId }, context } as never));
  return (answer.data as { makers: { id: string; method: string | null }[] }).makers;
}

it("lists the verified maker; Revoke takes the status back, purges the listing and logs it", async () => {
  expect(await makersListed()).toMatchObject([{ id: makerId, method: "file" }]);
  const invalidations = services.invalidations();

  const answer = await post({ intent: REVOKE_MAKER_INTENT, makerId }, admin.cookie);
  expect(answer).toMatchObject({ status: 302, location: `/admin/tools/${toolId}` });
  const flash = takeFlash(new Request("http://x", { headers: { cookie: cookieHeaderFrom(answer.headers!) } }));
  expect(flash.flash?.title).toMatch(/ is no longer a verified maker of Quill Writer\.$/);

  expect(await isVerifiedMaker({ db: database.db, toolId, userId: maker.id })).toBe(false);
  expect(await makersListed()).toEqual([]);
  expect(services.purges().at(-1)).toEqual([`tool:${toolId}`, `member:${maker.id}`]);
  expect(services.invalidations()).toBe(invalidations + 1);
  const log = await database.db.select().from(moderationActions);
  expect(log).toMatchObject([{ action: "maker-revoked", subjectId: makerId, actorId: admin.id }]);

  // Revoked, it is gone: a second post finds nothing.
  expect(await post({ intent: REVOKE_MAKER_INTENT, makerId }, admin.cookie)).toMatchObject({
    status: 409,
    data: { formError: MAKER_MESSAGES.notAMaker },
  });
});

it("refuses a member (403), another tool's maker and a made-up id (409), changing nothing", async () => {
  expect(await post({ intent: REVOKE_MAKER_INTENT, makerId }, maker.cookie)).toMatchObject({ status: 403 });
  const [other] = await insertTools(database.db, { name: "Other Writer" });
  for (const [id, fields] of [
    [other!.id, { intent: REVOKE_MAKER_INTENT, makerId }],
    [toolId, { intent: REVOKE_MAKER_INTENT, makerId: "not-an-id" }],
  ] as const)
    expect(await post(fields, admin.cookie, id)).toMatchObject({
      status: 409,
      data: { formError: MAKER_MESSAGES.notAMaker },
    });
  expect(await isVerifiedMaker({ db: database.db, toolId, userId: maker.id })).toBe(true);
  expect(await database.db.select().from(moderationActions)).toEqual([]);
  expect(await database.db.select({ id: toolMakers.id }).from(toolMakers).where(eq(toolMakers.toolId, toolId))).toEqual(
    [{ id: makerId }],
  );
});
