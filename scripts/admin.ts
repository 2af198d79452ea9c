// npm run admin -- promote EMAIL | demote EMAIL
// Gives or takes the administrator role on the configured database (PGlite in DATA_DIR, or
// DATABASE_URL). The shell is the one place besides the first-admin setup link where roles change:
// no request to the site can do it. While a server runs on the PGlite data directory, the command
// goes to it through its control socket (decision 083).
import { admin } from "./admin-command";
import { runCommand } from "./command";

await runCommand("admin", admin);
