import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { ActionResult } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  formPost,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { defineAction, defineIntents, intent, InvalidFields, ok } from "./action-pipeline.server";

// The pipeline every route action goes through (decision 116), on a real database and real
// sessions: each step's refusal, the order of the steps, the one answer shape and the purge.

let database: TestDatabase;
let services: TestServices;
let member: { cookie: string };
let admin: { cookie: string };

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  member = await createSignedInUser(services, "member@pipeline.test");
  admin = await createSignedInAdmin(services, "admin@pipeline.test");
});
afterAll(() => database.dispose());

const URL_ = "/pipeline";

async function post(
  action: (args: { request: Request; params: Record<string, string>; context: never }) => Promise<unknown>,
  fields: Record<string, string>,
  options: Parameters<typeof formPost>[2] = {},
) {
  const request = formPost(URL_, fields, options);
  const context = await contextFor(services, request);
  try {
    return await action({ request, params: {}, context: context as never });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

async function answer(outcome: unknown): Promise<{ status: number; body: ActionResult<unknown> }> {
  if (!(outcome instanceof Response)) return { status: 200, body: outcome as ActionResult<unknown> };
  return { status: outcome.status, body: (await outcome.json()) as ActionResult<unknown> };
}

const nameSchema = z.object({ name: z.string().trim().min(1, "Name is required") });

describe("defineAction", () => {
  it("runs the step with the parsed input and the guard's viewer, then purges the tags it marked", async () => {
    const ran: unknown[] = [];
    const purgesBefore = services.purges().length;
    const action = defineAction({
      guard: "admin",
      schema: nameSchema,
      fields: ["name"],
      run: async ({ input, viewer, purge }) => {
        ran.push({ input, admin: viewer.isAdmin });
        purge(["tools", "home"]);
        return ok({ saved: input.name });
      },
    });
    const result = await answer(await post(action, { name: "  Quill " }, { cookie: admin.cookie }));
    expect(result).toEqual({ status: 200, body: { ok: true, data: { saved: "Quill" } } });
    expect(ran).toEqual([{ input: { name: "Quill" }, admin: true }]);
    expect(services.purges().slice(purgesBefore)).toEqual([["tools", "home"]]);
  });

  it("refuses another site's post before anything else, as a thrown 403", async () => {
    let ran = false;
    const action = defineAction({
      run: async () => {
        ran = true;
        return ok();
      },
    });
    const refused = await post(action, {}, { origin: "https://evil.example", cookie: member.cookie });
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(403);
    expect(ran).toBe(false);
  });

  it("guards by role: a member is refused an admin action (403), a visitor a member's (401)", async () => {
    const adminOnly = defineAction({ guard: "admin", run: async () => ok() });
    const membersOnly = defineAction({ guard: "user", run: async () => ok() });
    expect(((await post(adminOnly, {}, { cookie: member.cookie })) as Response).status).toBe(403);
    expect(((await post(membersOnly, {})) as Response).status).toBe(401);
    expect((await answer(await post(membersOnly, {}, { cookie: member.cookie }))).body).toEqual({ ok: true });
  });

  it("answers refused fields as one ActionResult with each sentence beside its field, and never runs", async () => {
    let ran = false;
    const action = defineAction({
      schema: nameSchema,
      fields: ["name"],
      invalid: () => "Please check the form.",
      echo: (form) => ({ name: form.get("name") }),
      run: async () => {
        ran = true;
        return ok();
      },
    });
    const result = await answer(await post(action, { name: "   " }));
    expect(result).toEqual({
      status: 400,
      body: {
        ok: false,
        code: "bad-request",
        formError: "Please check the form.",
        fieldErrors: { name: "Name is required" },
        values: { name: "   " },
      },
    });
    expect(ran).toBe(false);
  });

  it("counts posts against the step's limit and answers 429 with Retry-After past it", async () => {
    const action = defineAction({
      guard: "user",
      rateLimit: ({ viewer }) => ({ rule: { name: "pipeline-test", limit: 2, windowMs: 60_000 }, subject: viewer.id }),
      run: async () => ok(),
    });
    for (let i = 0; i < 2; i++) {
      expect((await answer(await post(action, {}, { cookie: member.cookie }))).status).toBe(200);
    }
    const refused = (await post(action, {}, { cookie: member.cookie })) as Response;
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ ok: false, code: "rate-limited" });
  });

  it("answers a data function's refusal with its status, and a data function's field refusal beside the field", async () => {
    const conflict = defineAction({
      run: async () => {
        throw new AppError("conflict", "That name is taken.");
      },
    });
    expect(await answer(await post(conflict, {}))).toEqual({
      status: 409,
      body: { ok: false, code: "conflict", formError: "That name is taken." },
    });
    const taken = defineAction({
      run: async () => {
        throw new InvalidFields({ name: "That name is taken." }, { form: "profile" });
      },
    });
    expect(await answer(await post(taken, {}))).toEqual({
      status: 400,
      body: {
        ok: false,
        code: "bad-request",
        form: "profile",
        fieldErrors: { name: "That name is taken." },
      },
    });
  });

  it("answers a fault with the step's own sentence and 500, and still purges what the run marked", async () => {
    const purgesBefore = services.purges().length;
    const action = defineAction({
      failure: "Failed to save the tool.",
      run: async ({ purge }) => {
        purge(["tools"]);
        throw new Error("the disk is full");
      },
    });
    expect(await answer(await post(action, {}))).toEqual({
      status: 500,
      body: { ok: false, code: "internal", formError: "Failed to save the tool." },
    });
    expect(services.purges().slice(purgesBefore)).toEqual([["tools"]]);
  });

  it("refuses a body that is not a form with a thrown 415, before any step runs", async () => {
    let ran = false;
    const action = defineAction({
      run: async () => {
        ran = true;
        return ok();
      },
    });
    const request = new Request(new URL(URL_, "http://localhost:3000"), {
      method: "POST",
      headers: { origin: "http://localhost:3000", "content-type": "application/json" },
      body: "{}",
    });
    const context = await contextFor(services, request);
    const refused = await action({ request, params: {}, context }).catch((thrown: unknown) => thrown);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(415);
    expect(ran).toBe(false);
  });
});

describe("defineIntents", () => {
  const action = defineIntents({
    formId: (form) => String(form.get("intent") ?? ""),
    intents: {
      rename: intent({ schema: nameSchema, fields: ["name"], run: async ({ input }) => ok({ renamed: input.name }) }),
      remove: intent({ run: async () => ok({ removed: true }) }),
    },
  });

  it("runs the posted intent's own step with its own schema", async () => {
    expect((await answer(await post(action, { intent: "rename", name: "Echo" }))).body).toEqual({
      ok: true,
      data: { renamed: "Echo" },
    });
    expect((await answer(await post(action, { intent: "remove" }))).body).toEqual({
      ok: true,
      data: { removed: true },
    });
    expect((await answer(await post(action, { intent: "rename", name: "" }))).body).toMatchObject({
      ok: false,
      form: "rename",
      fieldErrors: { name: "Name is required" },
    });
  });

  it("refuses an intent the page does not have with 400", async () => {
    expect(await answer(await post(action, { intent: "publish" }))).toEqual({
      status: 400,
      body: { ok: false, code: "bad-request", form: "publish", formError: "Unknown action" },
    });
  });
});
