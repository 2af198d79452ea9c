import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema.server";
import { recordToolChanges, type ChangeAuthor } from "./change-log.server";

export type ToolStatus = "active" | "discontinued";

/**
 * Marks a tool discontinued (its page stays, with a banner; lists and search leave it out) or
 * lists it again, and logs the change publicly. Returns the tool's slug and name, or null when
 * no tool with this id is in the other state (already there, or no such tool).
 */
export async function setToolStatus({
  db,
  id,
  status,
  author,
}: {
  db: Database;
  id: string;
  status: ToolStatus;
  author: ChangeAuthor;
}): Promise<{ slug: string; name: string } | null> {
  if (!isUuid(id)) return null;
  const toolId = id.toLowerCase();
  const discontinuing = status === "discontinued";
  return db.transaction(async (tx) => {
    const [tool] = await tx
      .update(tools)
      .set({ discontinuedAt: discontinuing ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(tools.id, toolId), discontinuing ? isNull(tools.discontinuedAt) : isNotNull(tools.discontinuedAt)))
      .returning({ slug: tools.slug, name: tools.name });
    if (!tool) return null;
    await recordToolChanges(tx, {
      toolId,
      changes: [{ field: "status", before: discontinuing ? "active" : "discontinued", after: status }],
      author,
    });
    return tool;
  });
}
