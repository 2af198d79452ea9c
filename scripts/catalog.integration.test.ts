import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { tools } from "~/server/db/schema.server";
import { lockDataDir } from "~/server/db/data-dir-lock.server";
import { insertTools } from "../tests/setup/fixtures";
import { createProcessDatabase, type ProcessDatabase } from "../tests/setup/process-database";
import { callCommand, runScript, type ScriptRun } from "../tests/setup/run-script";
import { catalog as catalogCommand } from "./catalog-command";

// `npm run catalog -- export | import` on the database the configuration names. Its logic is called
// in this process; one export, and a data directory held by another process, run it in a process
// of its own, as an operator does.

const SLOW = 60_000;

let database: ProcessDatabase;
let workDir: string;

beforeAll(async () => {
  database = await createProcessDatabase("catalog-cli");
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-catalog-cli-"));
  await database.withDatabase(({ db }) =>
    insertTools(db, {
      name: "Quill",
      tagline: "Drafts letters for you.",
      pricingModel: "free",
      features: ["Drafts"],
    }),
  );
}, SLOW);
afterAll(async () => {
  await database.dispose();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** The catalog command with only the test database's configuration, as scripts/catalog.ts would print it. */
function catalog(...args: string[]): Promise<ScriptRun> {
  return callCommand("catalog", catalogCommand, args, database.env);
}

function catalogProcess(...args: string[]): Promise<ScriptRun> {
  return runScript("scripts/catalog.ts", args, { ...database.env, SEED_DEMO: "false" }, SLOW);
}

test(
  "export writes JSON to stdout or CSV to a file; the file re-imports as unchanged",
  async () => {
    const json = await catalogProcess("export", "--format", "json", "--type", "tools");
    expect(json).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(json.stdout)).toMatchObject([{ slug: "quill", name: "Quill", tags: [] }]);

    const out = path.join(workDir, "tools.csv");
    const csv = await catalog("export", "--format", "csv", "--out", out);
    expect(csv).toMatchObject({ code: 0, stdout: `Wrote ${out}\n` });
    expect(fs.readFileSync(out, "utf8")).toMatch(/^slug,name,category,/);

    const again = await catalog("import", out);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toContain("Dry run: 0 to create, 0 to update, 1 unchanged, 0 refused.");
  },
  SLOW * 2,
);

test(
  "import is a dry run until --apply; refused rows are listed with their reasons and exit 1",
  async () => {
    const file = path.join(workDir, "new.json");
    const rows = [
      {
        slug: "scribe",
        name: "Scribe",
        category: "Writing",
        description: "<p>Writes.</p>",
        features: ["Notes"],
        pricing: { Free: "$0" },
      },
      { slug: "bad", name: "Bad", category: "Cooking", description: "<p>Bad.</p>", features: ["Nothing"] },
    ];
    fs.writeFileSync(file, JSON.stringify(rows));

    const refused = await catalog("import", file, "--apply");
    expect(refused.code).toBe(1);
    // Without pricing there is no model to suggest: the form's own message says what is missing.
    expect(refused.stdout).toMatch(
      /^2 +bad +refused +category: Choose a category from the list; pricingModel: Pricing model is required$/m,
    );
    expect(refused.stdout).toContain("Nothing was written: fix the refused rows and run again.");

    fs.writeFileSync(file, JSON.stringify(rows.slice(0, 1)));
    const dry = await catalog("import", file);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^1 +scribe +create$/m);
    expect(dry.stdout).toContain("Nothing was written: run again with --apply to write it.");

    const applied = await catalog("import", file, "--apply");
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain("Applied: 1 created, 0 updated, 0 unchanged.");
    const slugs = await database.withDatabase(async ({ db }) =>
      (await db.select({ slug: tools.slug }).from(tools)).map((row) => row.slug).sort(),
    );
    expect(slugs).toEqual(["quill", "scribe"]);
  },
  SLOW * 2,
);

test(
  "the whole catalogue exports as one document that imports again as unchanged, recognised without --type",
  async () => {
    const out = path.join(workDir, "catalogue.json");
    const exported = await catalog("export", "--type", "catalogue", "--out", out);
    expect(exported).toMatchObject({ code: 0, stdout: `Wrote ${out}\n` });
    expect(JSON.parse(fs.readFileSync(out, "utf8"))).toMatchObject({
      format: "aitlas-catalogue",
      tools: expect.arrayContaining([expect.objectContaining({ slug: "quill" })]),
    });

    const again = await catalog("import", out);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toMatch(/^Tools: \d+ unchanged$/m);
    expect(again.stdout).toContain("Dry run: nothing was written: run again with --apply to write it.");
    expect((await catalog("export", "--type", "catalogue", "--format", "csv")).code).toBe(2);
  },
  SLOW * 2,
);

test(
  "a file that cannot be read fails with its reason; arguments it does not understand exit 2",
  async () => {
    const broken = path.join(workDir, "broken.json");
    fs.writeFileSync(broken, "[{");
    const bad = await catalog("import", broken);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${broken}: The JSON file could not be read:`);

    for (const args of [["export", "--type", "users"], ["import"], ["export", "--format", "xml"], ["drop"]]) {
      const outcome = await catalog(...args);
      expect(outcome.code).toBe(2);
      expect(outcome.stderr).toContain("Usage: npm run catalog -- export");
    }
  },
  SLOW * 2,
);

test.skipIf(process.env.AITLAS_TEST_ENGINE === "postgres")(
  "on PGlite while the server holds the data directory, it says so and points to /admin/catalog",
  async () => {
    // The lock admits its own process: the command runs in one of its own.
    const release = lockDataDir(database.env.DATA_DIR);
    try {
      const outcome = await catalogProcess("export");
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain("While the server runs, import and export from the admin area: /admin/catalog.");
    } finally {
      release();
    }
  },
  SLOW,
);
