// A server's job side on its own, as a child process for crash tests: opens the configured
// database (DATA_DIR or DATABASE_URL), takes jobs with the real definitions and, with
// QUEUE_ON_START=KIND, first queues a run of that kind. Prints "ready" when it takes jobs; the
// queue logs each finished job on stdout (LOG_LEVEL=info). SIGTERM stops it as the server stops.
import { isJobKind } from "~/lib/jobs";
import { openConfiguredDatabase } from "~/server/db/configured-database.server";
import { env } from "~/server/env.server";
import { jobDefinitionsFromEnv } from "~/server/jobs/job-definitions.server";
import { createJobQueue } from "~/server/jobs/job-queue.server";
import { researchServiceFromEnv } from "~/server/research/research-service.server";

const { handle, releaseLock } = await openConfiguredDatabase();
await handle.migrate();
const queue = createJobQueue({
  connection: handle.jobQueueConnection,
  db: handle.db,
  definitions: jobDefinitionsFromEnv({
    env,
    research: researchServiceFromEnv(env),
    purgePages: async () => {},
  }),
  timeoutSeconds: env.JOB_TIMEOUT_SECONDS,
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  retryDelaySeconds: 1,
});
await queue.start();
const kind = process.env.QUEUE_ON_START;
if (isJobKind(kind)) await queue.runNow(kind, null);
process.stdout.write("ready\n");

process.once("SIGTERM", () => {
  void (async () => {
    await queue.stop(3000);
    await handle.close();
    releaseLock();
    process.exit(0);
  })();
});
