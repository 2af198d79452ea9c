import { sql } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { toolLinkChecks } from "../db/schema.server";
import type { LinkCheckResult } from "./website-check.server";

/** The record of link checks in tool_link_checks: one row per tool, its failures in a row counted there. */

export type CheckedTool = { toolId: string; website: string; result: LinkCheckResult; checkedAt: Date };

const isOk = sql`excluded.outcome = 'ok'`;

/**
 * Writes checks (at most one per tool) and returns, per tool, the consecutive failures each leaves.
 * A tool this job run had already recorded (a retried job's other attempt got there first) is left
 * as it is and missing from the answer: nothing is counted twice.
 */
export async function recordChecks({
  db,
  jobRunId,
  checks,
}: {
  db: Database;
  jobRunId: string | null;
  checks: CheckedTool[];
}): Promise<Map<string, number>> {
  if (checks.length === 0) return new Map();
  const rows = await db
    .insert(toolLinkChecks)
    .values(
      checks.map(({ toolId, website, result, checkedAt }) => {
        const ok = result.outcome === "ok";
        return {
          toolId,
          checkedAt,
          outcome: result.outcome,
          httpStatus: result.httpStatus,
          // Only where the redirects led somewhere else.
          finalUrl: result.finalUrl !== null && result.finalUrl !== website ? result.finalUrl : null,
          detail: result.detail,
          consecutiveFailures: ok ? 0 : 1,
          failingSince: ok ? null : checkedAt,
          lastOkAt: ok ? checkedAt : null,
          jobRunId,
        };
      }),
    )
    .onConflictDoUpdate({
      target: toolLinkChecks.toolId,
      set: {
        checkedAt: sql`excluded.checked_at`,
        outcome: sql`excluded.outcome`,
        httpStatus: sql`excluded.http_status`,
        finalUrl: sql`excluded.final_url`,
        detail: sql`excluded.detail`,
        consecutiveFailures: sql`case when ${isOk} then 0 else ${toolLinkChecks.consecutiveFailures} + 1 end`,
        failingSince: sql`case when ${isOk} then null else coalesce(${toolLinkChecks.failingSince}, excluded.checked_at) end`,
        lastOkAt: sql`case when ${isOk} then excluded.checked_at else ${toolLinkChecks.lastOkAt} end`,
        jobRunId: sql`excluded.job_run_id`,
      },
      setWhere: jobRunId === null ? undefined : sql`${toolLinkChecks.jobRunId} is distinct from excluded.job_run_id`,
    })
    .returning({ toolId: toolLinkChecks.toolId, consecutiveFailures: toolLinkChecks.consecutiveFailures });
  return new Map(rows.map((row) => [row.toolId, row.consecutiveFailures]));
}
