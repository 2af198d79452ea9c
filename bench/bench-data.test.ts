import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";

// The benchmark's data generator writes through the real schema (profiles come from a trigger,
// aggregates must match the votes): a schema change that breaks it should fail here, not in a bench run.

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-bench-data-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

it("fills an empty embedded database and checks its own aggregates", async () => {
  const { DATABASE_URL: _unused, ...environment } = process.env;
  const run = await promisify(execFile)(
    path.join(projectRoot, "node_modules/.bin/tsx"),
    ["--tsconfig", "tsconfig.json", "scripts/bench-data.ts", "--tools", "60", "--articles", "5"],
    { cwd: projectRoot, env: { ...environment, NODE_ENV: "test", DATA_DIR: dataDir } },
  );
  expect(run.stdout).toContain("users with profiles");
  expect(run.stdout).toContain("ratings and vote counts match the votes of every new tool");
}, 120_000);
