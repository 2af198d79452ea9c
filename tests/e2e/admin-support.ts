import fs from "node:fs";
import path from "node:path";

/**
 * The administrator every admin test signs in as: created once per run by admin.setup.ts through
 * the server's one-time setup link, its browser state saved beside the server's data directory.
 */
function dataDir(): string {
  const dir = process.env.AITLAS_E2E_DATA_DIR;
  if (!dir) throw new Error("AITLAS_E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return dir;
}

export const adminStatePath = () => path.join(dataDir(), "e2e-admin-state.json");
const adminEmailPath = () => path.join(dataDir(), "e2e-admin-email.txt");

export function saveAdminEmail(email: string) {
  fs.writeFileSync(adminEmailPath(), email);
}

export function adminEmail(): string {
  return fs.readFileSync(adminEmailPath(), "utf8");
}
