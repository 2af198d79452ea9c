import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { unpackArchive } from "~/server/backup/archive.server";
import { rowsOf } from "~/server/backup/database-tables.server";
import { openDatabase } from "~/server/db/client.server";
import { assertServerBuilt, cleanUpServers, startServer, temporaryDir } from "../setup/production-server";
import { preparedDataDir } from "../setup/prepared-data-dir";
import { runScript } from "../setup/run-script";

// The production server on PGlite holds its data directory, so `npm run backup` and `npm run
// admin` reach it through the control socket it opens at start (decision 083). Here the real
// server, built, and the real scripts as separate processes, as an operator runs them.

beforeAll(() => assertServerBuilt());
afterEach(() => cleanUpServers());

const run = (script: string, args: string[], dataDir: string) =>
  runScript(`scripts/${script}.ts`, args, { DATA_DIR: dataDir, DATABASE_URL: "" }, 120_000);

describe("operator commands while the production server runs on PGlite", () => {
  it(
    "backs up and changes a role through the running server, and refuses a restore",
    { timeout: 300_000 },
    async () => {
      const dataDir = preparedDataDir("demo");
      const server = await startServer({ DATA_DIR: dataDir }, 120_000);
      expect(fs.statSync(path.join(dataDir, "control", "server.sock")).mode & 0o777).toBe(0o600);

      const archive = path.join(temporaryDir(), "site.tar.gz");
      const backup = await run("backup", [archive], dataDir);
      expect(backup.stderr).toBe("");
      expect(backup.code).toBe(0);
      const manifest = await unpackArchive(archive, temporaryDir());
      expect(manifest.tables.find((table) => table.name === "tools")?.rows).toBe(48);

      const promote = await run("admin", ["promote", "demo-member@aitlas.invalid"], dataDir);
      expect(promote.code).toBe(0);
      const unknown = await run("admin", ["promote", "nobody@example.com"], dataDir);
      expect(unknown.code).toBe(1);

      const restore = await run("restore", [archive], dataDir);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(/stop the server first/i);

      expect((await server.stop()).code).toBe(0);
      expect(fs.existsSync(path.join(dataDir, "control", "server.sock"))).toBe(false);
      const handle = await openDatabase({ kind: "pglite", dataDir });
      try {
        const rows = await rowsOf(
          handle.db,
          sql`select p.user_type from profiles p join users u on u.id = p.id where u.email = 'demo-member@aitlas.invalid'`,
        );
        expect(rows).toEqual([{ user_type: "admin" }]);
      } finally {
        await handle.close();
      }
    },
  );
});
