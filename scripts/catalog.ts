// npm run catalog -- export [--format json|csv] [--type tools|articles] [--out FILE]
// npm run catalog -- import FILE [--type tools|articles] [--format json|csv] [--apply]
// Exports every tool or article, or imports a file: a dry run by default (a table of what each row
// would do), written only with --apply and only when no row is refused (decisions 084 and 085).
// On PGlite a running server holds the data directory: use /admin/catalog instead.
import { catalog } from "./catalog-command";
import { runCommand } from "./command";

await runCommand("catalog", catalog);
