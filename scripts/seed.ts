// npm run db:seed: adds the demo catalogue to the configured database (idempotent).
import { openConfiguredDatabase } from "~/server/db/configured-database.server";
import { seedDemoCatalogue } from "~/server/db/seed.server";
import { configuredStorage } from "~/server/storage/configured-storage.server";

const { handle, releaseLock } = await openConfiguredDatabase();
try {
  await handle.migrate();
  const report = await seedDemoCatalogue({ db: handle.db, storage: configuredStorage() });
  console.log(
    `Demo catalogue: ${report.toolsAdded} tools and ${report.articlesAdded} articles added (${handle.kind}, ${handle.location}).`,
  );
} finally {
  await handle.close();
  releaseLock();
}
