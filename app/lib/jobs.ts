/**
 * The kinds of background job (decision 067); each is a queue, a schedule and a row in /admin/jobs.
 * "submission-draft" has no schedule: /submit queues it (decision 078). "backup" writes an archive to
 * BACKUP_DIR on BACKUP_CRON (decision 081). "research-queue" has no schedule: "Add many tools" queues it
 * (decision 154). "digest" emails members what changed in what they follow on DIGEST_CRON (decision 181).
 * "count-votes" counts in the ranking the votes of accounts that have come of age (decision 174).
 * "trending" refreshes every tool's trending score hourly (decision 179). "database-upkeep" vacuums the
 * embedded database hourly, which has no autovacuum of its own (decision 197).
 */
export const JOB_KINDS = [
  "link-check",
  "refresh",
  "submission-draft",
  "backup",
  "research-queue",
  "digest",
  "count-votes",
  "trending",
  "database-upkeep",
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const JOB_LABELS: Record<JobKind, string> = {
  "link-check": "Website link check",
  refresh: "AI refresh proposals",
  "submission-draft": "AI drafts of submitted tools",
  backup: "Backup",
  "research-queue": "Add many tools: drafts of websites",
  digest: "Follow digests and instant emails",
  "count-votes": "Votes of accounts that came of age",
  trending: "Trending scores",
  "database-upkeep": "Database upkeep (vacuum)",
};

export function isJobKind(value: unknown): value is JobKind {
  return typeof value === "string" && (JOB_KINDS as readonly string[]).includes(value);
}

/** "850 ms", "12 s", "3 min 5 s", "2 h 4 min": how long a run took. */
export function formatDuration(from: string | Date, to: string | Date): string {
  const ms = Math.max(0, new Date(to).getTime() - new Date(from).getTime());
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
}

/** The order a run's counts read in; the database keeps JSON keys in its own order. */
const COUNT_ORDER = [
  "checked",
  "sent",
  "ok",
  "failing",
  "flagged",
  "proposed",
  "unchanged",
  "drafted",
  "failed",
  "tables",
  "rows",
  "files",
  "bytes",
  "deleted",
  "scored",
];

/** "120 checked, 118 ok, 2 failing, 0 flagged": a run's counts, in a fixed order. */
export function formatCounts(counts: Record<string, number>): string {
  const rank = (name: string) => (COUNT_ORDER.includes(name) ? COUNT_ORDER.indexOf(name) : COUNT_ORDER.length);
  return Object.entries(counts)
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([name, value]) => `${value.toLocaleString("en-US")} ${name}`)
    .join(", ");
}
