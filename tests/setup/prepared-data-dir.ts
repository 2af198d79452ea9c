import fs from "node:fs";
import { inject } from "vitest";
import { temporaryDir } from "./production-server";

/**
 * A fresh DATA_DIR holding a copy of the run's migrated embedded database (decision 114), with the
 * demo catalogue and its logos or empty: a server started on it skips initdb, the migrations and
 * the seeding, which tests of something else need not pay for each time. Tests of a first start
 * use temporaryDir().
 */
export function preparedDataDir(catalogue: "demo" | "empty"): string {
  const dir = temporaryDir();
  fs.cpSync(inject(catalogue === "demo" ? "demoDataDirTemplate" : "emptyDataDirTemplate"), dir, { recursive: true });
  return dir;
}
