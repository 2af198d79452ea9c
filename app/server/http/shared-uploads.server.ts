import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { instanceSecrets } from "../db/schema.server";
import { logger } from "../logger.server";

/** The row (a name and value beside the instance's secrets) naming the DATA_DIR that last started. */
const RECORD = "uploads-data-dir";
/** The file in DATA_DIR that says which directory it is: every process sharing it reads the same. */
const IDENTITY_FILE = "data-dir-id";

/** This DATA_DIR's identity, made up and written the first time. */
function dataDirIdentity(dataDir: string): string {
  const file = path.join(dataDir, IDENTITY_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    // `wx`: two processes starting on one directory at once keep the first one's identity.
    try {
      fs.writeFileSync(file, `${randomUUID()}\n`, { flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}

/**
 * Several processes on one PostgreSQL database with uploads on local disk must share DATA_DIR, or
 * a file uploaded through one is missing on the others (decision 128). Each such process records its
 * DATA_DIR's identity in the database at start; one that finds another identity there warns, then
 * records its own. Two processes on separate directories so warn at every start; a site moved to a
 * new directory warns once. True when it warned.
 */
export async function warnIfUploadsNotShared({
  db,
  dataDir,
  warn = (message) => logger.warn({ dataDir }, message),
}: {
  db: Database;
  dataDir: string;
  warn?: (message: string) => void;
}): Promise<boolean> {
  const identity = dataDirIdentity(dataDir);
  const [recorded] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, RECORD));
  await db
    .insert(instanceSecrets)
    .values({ name: RECORD, value: identity })
    .onConflictDoUpdate({ target: instanceSecrets.name, set: { value: identity, createdAt: sql`now()` } });
  if (!recorded || recorded.value === identity) return false;
  warn(
    "Another process on this database started with a different DATA_DIR, and uploads are stored on local disk: " +
      "files uploaded through one process are missing on the others. Give every process one shared DATA_DIR, or " +
      "store uploads in S3 (S3_BUCKET). After moving the site to a new DATA_DIR this warning appears once.",
  );
  return true;
}
