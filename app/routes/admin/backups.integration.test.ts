import fs from "node:fs";
import path from "node:path";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import AdminBackups, { loader as backupsLoader } from "~/routes/admin/backups";
import { jobDefinitionsFromEnv } from "~/server/jobs/job-definitions.server";
import { insertUsers } from "../../../tests/setup/fixtures";
import { getRequest, settleRoute } from "../../../tests/setup/route-calls";
import {
  contextFor,
  createSignedInAdmin,
  createSignedInUser,
  createTestServices,
  type TestServices,
} from "../../../tests/setup/test-app";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/test-database";

// /admin/backups and the scheduled backup job (decision 081): archives in BACKUP_DIR, the oldest
// beyond BACKUP_KEEP deleted, and the last backup shown to administrators only.

let database: TestDatabase;
let services: TestServices;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestServices({ db: database.db });
  services = { ...services, backups: { ...services.backups, keep: 2, cron: "0 2 * * *" } };
  adminCookie = (await createSignedInAdmin(services, "admin@example.com")).cookie;
  memberCookie = (await createSignedInUser(services, "member@example.com")).cookie;
});
afterAll(async () => {
  await database.dispose();
  fs.rmSync(services.backups.dataDir, { recursive: true, force: true });
});

async function load(cookie: string) {
  const request = getRequest("/admin/backups", { cookie });
  const context = await contextFor(services, request);
  return backupsLoader({ request, params: {}, context } as never);
}

function render(loaderData: unknown) {
  const Stub = createRoutesStub([{ id: "page", path: "/admin/backups", Component: AdminBackups as ComponentType }]);
  return renderToString(
    createElement(Stub, { initialEntries: ["/admin/backups"], hydrationData: { loaderData: { page: loaderData } } }),
  )
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ");
}

describe("/admin/backups", () => {
  it("is for administrators only", async () => {
    // Pages send anyone else away rather than answer 403.
    expect((await settleRoute(() => load(memberCookie))).status).toBe(302);
    expect((await settleRoute(() => load(""))).status).toBe(302);
  });

  it("before any backup: says so, and shows the commands and the schedule", async () => {
    const page = render(await load(adminCookie));
    expect(page).toContain("No backup has been made on this machine yet.");
    expect(page).toContain("npm run backup -- backup.tar.gz");
    expect(page).toContain("npm run restore -- backup.tar.gz");
    expect(page).toContain("0 2 * * *");
    expect(page).toContain("keeping the last 2");
  });

  it("the backup job writes archives to BACKUP_DIR, keeps the last BACKUP_KEEP, and the page shows the last", async () => {
    await insertUsers(database.db, { email: "reader@example.com" });
    const { backup } = jobDefinitionsFromEnv({
      env: {
        LINK_CHECK_CRON: null,
        REFRESH_CRON: null,
        LINK_CHECK_CONCURRENCY: 1,
        LINK_CHECK_TIMEOUT_MS: 1000,
        REFRESH_BATCH_SIZE: 1,
      },
      research: services.research,
      purgePages: async () => {},
      backups: { settings: services.backups, storage: services.storage, databaseKind: database.kind },
    });
    expect(backup.cron).toBe("0 2 * * *");
    const counts = [];
    for (let run = 0; run < 3; run++) {
      counts.push(
        await backup.handler({
          db: database.db,
          jobRunId: "unused",
          trigger: "schedule",
          attempts: 1,
          signal: new AbortController().signal,
        }),
      );
      // Archives are named by the second they were made.
      await new Promise((resolve) => setTimeout(resolve, 1100));
    }
    expect(counts[0]).toMatchObject({ files: 0, deleted: 0 });
    expect(counts[0]!.rows).toBeGreaterThan(3);
    expect(counts[2]).toMatchObject({ deleted: 1 });
    const kept = fs.readdirSync(services.backups.dir).sort();
    expect(kept).toHaveLength(2);
    expect(kept.every((name) => /^aitlas-backup-\d{8}T\d{6}Z\.tar\.gz$/.test(name))).toBe(true);

    const data = await load(adminCookie);
    expect(data.last).toMatchObject({ trigger: "schedule", file: path.join(services.backups.dir, kept[1]!) });
    expect(data.archives.map((archive) => archive.name)).toEqual([kept[1], kept[0]]);
    const page = render(data);
    expect(page).toContain(`${path.join(services.backups.dir, kept[1]!)}`);
    expect(page).toMatch(/\d+ rows in \d+ tables, 0 uploaded files/);
    expect(page).toContain("by the schedule");
  });
});
