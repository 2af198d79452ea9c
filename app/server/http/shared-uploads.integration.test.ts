import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";
import { warnIfUploadsNotShared } from "./shared-uploads.server";

let database: TestDatabase;
const dirs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aitlas-data-dir-"));
  dirs.push(dir);
  return dir;
}

test("processes with uploads on local disk warn when they do not share DATA_DIR", async () => {
  const warnings: string[] = [];
  const start = (dir: string) =>
    warnIfUploadsNotShared({ db: database.db, dataDir: dir, warn: (message) => warnings.push(message) });
  const first = dataDir();
  const second = dataDir();

  // The first process, and a second one on the same directory: nothing to say.
  expect(await start(first)).toBe(false);
  expect(await start(first)).toBe(false);
  // A process on another directory warns, and so does the first one when it starts again.
  expect(await start(second)).toBe(true);
  expect(await start(first)).toBe(true);
  expect(warnings).toHaveLength(2);
  expect(warnings[0]).toContain("one shared DATA_DIR");
  expect(warnings[0]).toContain("S3");
});
