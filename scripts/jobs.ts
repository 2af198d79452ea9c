// npm run jobs -- run link-check | run refresh | run backup | list
// Runs one background job here and now, on the configured database (PGlite in DATA_DIR, or
// DATABASE_URL), recorded in job_runs like a scheduled run; or lists the schedules and recent runs.
// On PGlite a running server holds the data directory: use "Run now" in /admin/jobs instead.
import { runCommand } from "./command";
import { jobs } from "./jobs-command";

await runCommand("jobs", jobs);
