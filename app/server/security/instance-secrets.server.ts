import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { instanceSecrets } from "../db/schema.server";

/**
 * The instance's secret called `name`, generated (32 random bytes, base64url) and stored the first
 * time it is asked for. Processes starting together may each generate one; the insert keeps
 * whichever lands first and every process then reads that one, so all of them sign alike.
 */
export async function getOrCreateInstanceSecret({ db, name }: { db: Database; name: string }): Promise<string> {
  await db
    .insert(instanceSecrets)
    .values({ name, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: instanceSecrets.name });
  const [secret] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, name));
  return secret!.value;
}
