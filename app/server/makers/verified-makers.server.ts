import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { toolMakers } from "../db/schema.server";

/** Who is a tool's verified maker (decision 176): the few reads other concerns ask, with no other import. */

/** Whether the member is a verified maker of the tool. */
export async function isVerifiedMaker({
  db,
  toolId,
  userId,
}: {
  db: Database;
  toolId: string;
  userId: string;
}): Promise<boolean> {
  const [row] = await db
    .select({ id: toolMakers.id })
    .from(toolMakers)
    .where(and(eq(toolMakers.toolId, toolId), eq(toolMakers.userId, userId), eq(toolMakers.status, "verified")));
  return Boolean(row);
}

/** The SQL test "this member is a verified maker of this tool", for reads that mark a maker's words. */
export function verifiedMakerSql(toolId: unknown, userId: unknown) {
  return sql<boolean>`exists (select 1 from tool_makers as m where m.tool_id = ${toolId} and m.user_id = ${userId} and m.status = 'verified')`;
}

/**
 * The tool page's maker state in one read: whether the listing has a verified maker (its badge), and
 * whether the viewer is one (their link to the listing's figures).
 */
export async function readMakerState({
  db,
  toolId,
  viewerId,
}: {
  db: Database;
  toolId: string;
  viewerId: string | undefined;
}): Promise<{ claimed: boolean; viewerIsMaker: boolean }> {
  const [row] = await db
    .select({
      claimed: sql<boolean>`count(*) > 0`,
      viewerIsMaker: viewerId
        ? sql<boolean>`coalesce(bool_or(${toolMakers.userId} = ${viewerId}), false)`
        : sql<boolean>`false`,
    })
    .from(toolMakers)
    .where(and(eq(toolMakers.toolId, toolId), eq(toolMakers.status, "verified")));
  return { claimed: Boolean(row?.claimed), viewerIsMaker: Boolean(row?.viewerIsMaker) };
}
