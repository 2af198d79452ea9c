import { and, asc, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { FLAG_AFTER_FAILURES } from "~/lib/link-health";
import type { Database } from "../db/client.server";
import { toolLinkChecks, tools } from "../db/schema.server";
import { env } from "../env.server";
import { logger } from "../logger.server";
import { recordChecks, type CheckedTool } from "./link-check-record.server";
import { checkWebsite, type LinkCheckResult } from "./website-check.server";

// One number for the check that flags and the admin pages that list the flagged.
export { FLAG_AFTER_FAILURES };
// Callers that check one website (the benchmark) keep their import path.
export { checkWebsite };

export type LinkCheckCounts = {
  /** Websites checked and recorded in this call. */
  checked: number;
  ok: number;
  failing: number;
  /** Tools that reached FLAG_AFTER_FAILURES failures in a row with this check. */
  flagged: number;
};

export type RunLinkChecksOptions = {
  db: Database;
  /** The job run writing the checks; tools it already checked are skipped (a retried job goes on where it stopped). */
  jobRunId: string | null;
  concurrency?: number;
  /** Requests at once to one host (a tool's website host, "www." aside). */
  perHostConcurrency?: number;
  timeoutMs?: number;
  /** Tools last checked before this (or never) are due. Default: every tool not checked by this call. */
  dueBefore?: Date;
  /** At most this many tools. */
  limit?: number;
  /** Aborting stops taking tools; checks under way finish and are recorded. */
  signal?: AbortSignal;
  checker?: (website: string, options: { timeoutMs: number; signal?: AbortSignal }) => Promise<LinkCheckResult>;
  /** Tools read per query; the memory held is about two pages, whatever the catalogue's size. */
  pageSize?: number;
};

type DueTool = { id: string; website: string; host: string };

/**
 * Checks the websites of due tools (not discontinued, with a website, never checked or checked
 * before `dueBefore`), oldest check first, at most `concurrency` at once and `perHostConcurrency`
 * per host, and records them in tool_link_checks as they finish (a statement per 100, or per
 * 250 ms). Memory stays about two pages of tools and two batches of results, whatever the size.
 */
export async function runLinkChecks({
  db,
  jobRunId,
  concurrency = env.LINK_CHECK_CONCURRENCY,
  perHostConcurrency = 1,
  timeoutMs = env.LINK_CHECK_TIMEOUT_MS,
  dueBefore,
  limit = Number.POSITIVE_INFINITY,
  signal,
  checker = (website, options) => checkWebsite(website, options),
  pageSize = 200,
}: RunLinkChecksOptions): Promise<LinkCheckCounts> {
  const counts: LinkCheckCounts = { checked: 0, ok: 0, failing: 0, flagged: 0 };
  // Checks written by this call are dated from now on, so they fall out of the selection by themselves.
  const startedAt = new Date();
  const cutoff = dueBefore && dueBefore < startedAt ? dueBefore : startedAt;

  // Two walks, each along an index and resumed where it stopped, so a page costs about its own size
  // rather than a sort of the catalogue: tools never checked (by id), then tools whose last check
  // is older than the cutoff (by checked_at). Checks this call writes are dated after the cutoff, so
  // neither walk meets them again. Each step is two plain statements, tools and their checks, not a
  // join: on PGlite, which never analyses by itself, a join planned on a tool_link_checks thought
  // empty turned quadratic (2.5 s a page at 10,000 tools).
  let phase: "never" | "stale" | "done" = "never";
  let neverCursor: string | null = null;
  let staleCursor: { checkedAt: string; id: string } | null = null;
  let taken = 0;
  const waiting: DueTool[] = [];
  const busyHosts = new Map<string, number>();
  let fetching: Promise<void> | null = null;

  const dueTools = (ids?: string[]) =>
    db
      .select({ id: tools.id, website: tools.website })
      .from(tools)
      .where(
        and(
          isNull(tools.discontinuedAt),
          isNotNull(tools.website),
          ne(tools.website, ""),
          ids === undefined ? (neverCursor === null ? undefined : gt(tools.id, neverCursor)) : inArray(tools.id, ids),
        ),
      );

  /** The next tools by id that have a website and no check at all; false once the walk is over. */
  async function readNeverChecked(size: number): Promise<DueTool[] | false> {
    const candidates = await dueTools().orderBy(asc(tools.id)).limit(size);
    if (candidates.length === 0) return false;
    neverCursor = candidates.at(-1)!.id;
    const checked = await db
      .select({ toolId: toolLinkChecks.toolId })
      .from(toolLinkChecks)
      .where(
        inArray(
          toolLinkChecks.toolId,
          candidates.map((tool) => tool.id),
        ),
      );
    const seen = new Set(checked.map((row) => row.toolId));
    return candidates.filter((tool) => !seen.has(tool.id)).map(toDue);
  }

  /** The next checks older than the cutoff (not this job run's), oldest first, of tools still due; false once over. */
  async function readStale(size: number): Promise<DueTool[] | false> {
    const checks = await db
      .select({ toolId: toolLinkChecks.toolId, checkedAt: sql<string>`${toolLinkChecks.checkedAt}::text` })
      .from(toolLinkChecks)
      .where(
        and(
          sql`${toolLinkChecks.checkedAt} < ${cutoff.toISOString()}::timestamptz`,
          jobRunId === null ? undefined : or(isNull(toolLinkChecks.jobRunId), ne(toolLinkChecks.jobRunId, jobRunId)),
          staleCursor === null
            ? undefined
            : sql`(${toolLinkChecks.checkedAt}, ${toolLinkChecks.toolId}) > (${staleCursor.checkedAt}::timestamptz, ${staleCursor.id}::uuid)`,
        ),
      )
      .orderBy(asc(toolLinkChecks.checkedAt), asc(toolLinkChecks.toolId))
      .limit(size);
    if (checks.length === 0) return false;
    const last = checks.at(-1)!;
    staleCursor = { checkedAt: last.checkedAt, id: last.toolId };
    const due = new Map((await dueTools(checks.map((check) => check.toolId))).map((tool) => [tool.id, tool]));
    return checks.flatMap((check) => {
      const tool = due.get(check.toolId);
      return tool ? [toDue(tool)] : [];
    });
  }

  async function readPage() {
    let read = 0;
    while (phase !== "done" && read < pageSize && taken < limit) {
      const size = Math.min(pageSize - read, limit - taken);
      const page = phase === "never" ? await readNeverChecked(size) : await readStale(size);
      if (page === false) {
        phase = phase === "never" ? "stale" : "done";
        continue;
      }
      const kept = page.slice(0, limit - taken);
      waiting.push(...kept);
      read += kept.length;
      taken += kept.length;
    }
    if (taken >= limit) phase = "done";
  }

  /** The next tool whose host has room (its host then counted busy), reading a page when the queue runs low. */
  async function nextTool(): Promise<DueTool | null | "wait"> {
    for (;;) {
      if (signal?.aborted) return null;
      const index = waiting.findIndex((tool) => (busyHosts.get(tool.host) ?? 0) < perHostConcurrency);
      if (index !== -1) {
        const tool = waiting.splice(index, 1)[0]!;
        // Taken in the same tick as the test above: two workers must not both see the host free.
        busyHosts.set(tool.host, (busyHosts.get(tool.host) ?? 0) + 1);
        return tool;
      }
      // Keeps at most about two pages in memory, even when one host holds up the queue.
      if (phase === "done" || waiting.length >= pageSize) return waiting.length > 0 ? "wait" : null;
      fetching ??= readPage().finally(() => (fetching = null));
      await fetching;
    }
  }

  const finished = new Set<() => void>();
  const somethingFinished = () => new Promise<void>((resolve) => finished.add(resolve));
  const announce = () => {
    for (const resolve of finished) resolve();
    finished.clear();
  };

  // Results are written in batches by one writer while the checks go on: a statement per tool
  // would make the database, not the websites, set the pace (PGlite takes about 1 ms per upsert).
  const unwritten: CheckedTool[] = [];
  let writing: Promise<void> | null = null;
  let writeError: unknown = null;
  /** A check that threw or a read that failed; once set (or writeError), no more tools are taken. */
  let failure: unknown = null;

  // A batch is written when it is full, or WRITE_DELAY_MS after its first result: writing every
  // result as soon as the writer is free made batches of a few rows, and PGlite pays per statement.
  let writeTimer: NodeJS.Timeout | undefined;
  function writeSoon({ now = false } = {}) {
    if (!now && unwritten.length < WRITE_BATCH) {
      writeTimer ??= setTimeout(() => {
        writeTimer = undefined;
        writeSoon({ now: true });
      }, WRITE_DELAY_MS);
      return;
    }
    clearTimeout(writeTimer);
    writeTimer = undefined;
    writing ??= (async () => {
      while (unwritten.length > 0 && writeError === null) {
        const batch = unwritten.splice(0, WRITE_BATCH);
        try {
          const failures = await recordChecks({ db, jobRunId, checks: batch });
          logger.debug({ jobRunId, recorded: batch.length }, "website checks recorded");
          for (const check of batch) {
            const failuresInARow = failures.get(check.toolId);
            if (failuresInARow === undefined) continue; // this job run had recorded it already
            counts.checked++;
            if (check.result.outcome === "ok") counts.ok++;
            else counts.failing++;
            if (failuresInARow === FLAG_AFTER_FAILURES) counts.flagged++;
          }
        } catch (error) {
          writeError = error;
        }
      }
    })().finally(() => {
      writing = null;
      announce();
    });
  }

  async function worker() {
    for (;;) {
      const tool = writeError === null && failure === null ? await nextTool() : null;
      if (tool === null) return;
      if (tool === "wait") {
        await somethingFinished();
        continue;
      }
      try {
        const result = await checker(tool.website, { timeoutMs });
        unwritten.push({ toolId: tool.id, website: tool.website, result, checkedAt: new Date() });
        writeSoon();
      } finally {
        const left = (busyHosts.get(tool.host) ?? 1) - 1;
        if (left === 0) busyHosts.delete(tool.host);
        else busyHosts.set(tool.host, left);
        announce();
      }
      // Results wait in memory only while the database keeps up.
      while (unwritten.length >= 2 * WRITE_BATCH && writing) await writing;
    }
  }

  // A worker that fails (the database, or a check that threw) stops the others taking tools; what
  // is under way finishes and what was checked is written before the run fails.
  const workers = Array.from({ length: Math.max(1, concurrency) }, () =>
    worker().catch((error: unknown) => {
      failure ??= error;
    }),
  );
  await Promise.all(workers);
  for (;;) {
    if (writing) await writing;
    else if (unwritten.length > 0 && writeError === null) writeSoon({ now: true });
    else break;
  }
  clearTimeout(writeTimer);
  if (writeError !== null) throw writeError;
  if (failure !== null) throw failure;
  return counts;
}

const toDue = (tool: { id: string; website: string | null }): DueTool => ({
  id: tool.id,
  website: tool.website!,
  host: hostKey(tool.website!),
});

/** The host a tool's requests are limited by: "www.example.com" and "example.com" are one site. */
function hostKey(website: string): string {
  try {
    return new URL(website).hostname.toLowerCase().replace(/^www\./, "");
  } catch {
    return website;
  }
}

const WRITE_BATCH = 100;
const WRITE_DELAY_MS = 250;
