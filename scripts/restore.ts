// npm run restore -- FILE [--force]
// Loads a backup archive into the configured database (PGlite in DATA_DIR, or DATABASE_URL) and its
// uploaded files into the configured storage (decision 082). Refuses a database that holds data
// unless --force, which replaces everything in it. Backing up on PGlite and restoring with
// DATABASE_URL set moves a site to PostgreSQL.
import { runCommand } from "./command";
import { restore } from "./restore-command";

await runCommand("restore", restore);
