// npm run backup -- FILE
// Writes one archive (.tar.gz) of the configured database (PGlite in DATA_DIR, or DATABASE_URL) and
// the uploaded files (DATA_DIR/uploads or the S3 bucket): see decision 081 for what is inside. While
// a server runs on the PGlite data directory, the server writes it (its control socket, decision 083).
import { backup } from "./backup-command";
import { runCommand } from "./command";

await runCommand("backup", backup);
