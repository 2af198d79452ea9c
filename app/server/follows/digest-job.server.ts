import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { weekStart } from "~/lib/utc-weeks";
import { rowsOf } from "../backup/database-tables.server";
import type { Database } from "../db/client.server";
import { digestSends, followMailSettings, follows, users } from "../db/schema.server";
import type { JobTrigger } from "../jobs/job-runs.server";
import { logger } from "../logger.server";
import type { Mailer } from "../mail/mailer.server";
import { followNewsMail } from "./follow-mail.server";
import { newsCount, readFollowNews } from "./follow-news.server";
import { unsubscribeLinks, unsubscribeSigner } from "./unsubscribe.server";

/**
 * The digest job (decision 181). Each run looks at every member with follows and emails on:
 *
 * - "instant" members get what happened since they were last told, at every run (DIGEST_CRON is
 *   short, every 15 minutes by default);
 * - "weekly" members get it at the first scheduled run of each week (UTC, from Monday 00:00): a
 *   scheduled run skips those already told since the week began;
 * - a run by hand (`npm run jobs -- run digest`, "Run now") tells every member now.
 *
 * Nothing is sent when nothing changed. A send is recorded (`digest_sends`, one per member and run)
 * and the member's `covered_until` moved in one transaction before the message goes, so a retry of
 * the run sends nobody twice; a message the mail server refused is taken back and the run fails,
 * for the queue to retry just those.
 */

export type DigestCounts = { checked: number; sent: number; unchanged: number; failed: number };

/** Members whose covered period one statement moves. */
const QUIET_SLICE = 5_000;

export class DigestSendFailed extends Error {}

export async function runDigests({
  db,
  mailer,
  siteUrl,
  jobRunId,
  trigger,
  signal,
}: {
  db: Database;
  mailer: Mailer;
  /** PUBLIC_URL (or the address the server listens on): every link in the email is absolute. */
  siteUrl: string;
  jobRunId: string;
  trigger: JobTrigger;
  signal: AbortSignal;
}): Promise<DigestCounts> {
  // The database's clock, the one every change, review and tool was stamped with.
  const [clock] = await rowsOf<{ now: string | Date }>(db, sql`select now() as now`);
  const until = new Date(clock!.now);
  const weekBegan = weekStart(until);

  const members = await db
    .select({
      userId: followMailSettings.userId,
      email: users.email,
      frequency: followMailSettings.frequency,
      from: followMailSettings.coveredUntil,
    })
    .from(followMailSettings)
    .innerJoin(users, eq(users.id, followMailSettings.userId))
    .where(
      and(
        ne(followMailSettings.frequency, "off"),
        // An address never confirmed gets no mail it did not ask for.
        eq(users.emailVerified, true),
        sql`exists (select 1 from ${follows} where ${follows.userId} = ${followMailSettings.userId})`,
        // An earlier attempt of this run already told them.
        sql`not exists (select 1 from ${digestSends} where ${digestSends.userId} = ${followMailSettings.userId} and ${digestSends.jobRunId} = ${jobRunId})`,
        trigger === "schedule"
          ? sql`(${followMailSettings.frequency} = 'instant' or ${followMailSettings.coveredUntil} < ${weekBegan.toISOString()}::timestamptz)`
          : undefined,
      ),
    )
    .orderBy(followMailSettings.userId);

  const sign = await unsubscribeSigner({ db });
  const counts: DigestCounts = { checked: 0, sent: 0, unchanged: 0, failed: 0 };
  /** Members with nothing new, whose covered period moves to `until` together. */
  const quiet: string[] = [];
  for (const member of members) {
    signal.throwIfAborted();
    counts.checked += 1;
    // Covered up to this run already (a frequency chosen a moment ago): nothing can be new.
    if (member.from >= until) {
      counts.unchanged += 1;
      continue;
    }
    const frequency = member.frequency === "instant" ? "instant" : "weekly";
    const news = await readFollowNews({ db, userId: member.userId, from: member.from, until });
    const items = newsCount(news);
    if (items === 0) {
      // Nothing to tell: the period is covered all the same (below, in one statement for all of
      // them), so a weekly member waits for next week.
      quiet.push(member.userId);
      counts.unchanged += 1;
      continue;
    }

    const claimed = await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ coveredUntil: followMailSettings.coveredUntil, frequency: followMailSettings.frequency })
        .from(followMailSettings)
        .where(eq(followMailSettings.userId, member.userId))
        .for("update");
      // They unsubscribed, or another process told them, since the list was read: nothing to send.
      if (!current || current.frequency === "off" || current.coveredUntil.getTime() !== member.from.getTime())
        return null;
      const [send] = await tx
        .insert(digestSends)
        .values({ userId: member.userId, jobRunId, frequency, coveredFrom: member.from, coveredUntil: until, items })
        .onConflictDoNothing()
        .returning({ id: digestSends.id });
      if (!send) return null;
      await tx
        .update(followMailSettings)
        .set({ coveredUntil: until })
        .where(eq(followMailSettings.userId, member.userId));
      return send.id;
    });
    if (!claimed) continue;

    const token = sign(member.userId);
    try {
      await mailer.send(
        followNewsMail({
          to: member.email,
          news,
          frequency,
          siteUrl,
          unsubscribe: unsubscribeLinks(siteUrl, token),
        }),
      );
    } catch (error) {
      logger.warn(
        { err: error, userId: member.userId, jobRunId },
        "a follow email was not accepted; retried with the run",
      );
      // Taken back, so the queue's retry of this run tells them.
      await db.transaction(async (tx) => {
        await tx.delete(digestSends).where(eq(digestSends.id, claimed));
        await tx
          .update(followMailSettings)
          .set({ coveredUntil: member.from })
          .where(eq(followMailSettings.userId, member.userId));
      });
      counts.failed += 1;
      continue;
    }
    await db
      .update(digestSends)
      .set({ state: "sent", sentAt: sql`now()` })
      .where(eq(digestSends.id, claimed));
    counts.sent += 1;
  }
  // In slices: a statement holds at most 65,535 parameters.
  for (let start = 0; start < quiet.length; start += QUIET_SLICE) {
    await db
      .update(followMailSettings)
      .set({ coveredUntil: until })
      .where(
        and(
          inArray(followMailSettings.userId, quiet.slice(start, start + QUIET_SLICE)),
          lt(followMailSettings.coveredUntil, until),
        ),
      );
  }
  if (counts.failed > 0) {
    throw new DigestSendFailed(
      `${counts.failed} of ${counts.sent + counts.failed} follow emails were not accepted by the mail server`,
    );
  }
  return counts;
}
