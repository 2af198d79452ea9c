import { eq } from "drizzle-orm";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { toolLinkChecks } from "../db/schema.server";

/** What a reader learns about a tool's latest website check: when, and whether it is failing. */
export type LinkCheckState = {
  checkedAt: Date;
  status: "ok" | "failing";
  /** The first failed check of the current run of failures; null while the site answers. */
  failingSince: Date | null;
};

/** The latest check of a tool's website, or null when it was never checked. */
export async function findLinkCheckState({
  db,
  toolId,
}: {
  db: Database;
  toolId: string;
}): Promise<LinkCheckState | null> {
  if (!isUuid(toolId)) return null;
  const [row] = await db
    .select({
      checkedAt: toolLinkChecks.checkedAt,
      consecutiveFailures: toolLinkChecks.consecutiveFailures,
      failingSince: toolLinkChecks.failingSince,
    })
    .from(toolLinkChecks)
    .where(eq(toolLinkChecks.toolId, toolId.toLowerCase()))
    .limit(1);
  if (!row) return null;
  const failing = row.consecutiveFailures > 0;
  return {
    checkedAt: row.checkedAt,
    status: failing ? "failing" : "ok",
    // A failing row always has failing_since; the checked moment stands in should a writer leave it out.
    failingSince: failing ? (row.failingSince ?? row.checkedAt) : null,
  };
}
