import fs from "node:fs";
import path from "node:path";

let cached: string | undefined;

/** package.json's version, as the archive's manifest records it. */
export function appVersion(): string {
  cached ??= (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version: string }).version;
  return cached;
}
