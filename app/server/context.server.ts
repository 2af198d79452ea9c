import type { Auth } from "./auth/auth.server";
import type { DataMemo } from "./cache/data-memo.server";
import type { PageTags } from "./cache/page-tags.server";
import type { BackupSettings } from "./backup/backup-record.server";
import type { Viewer } from "./auth/viewer.server";
import type { Database } from "./db/client.server";
import type { JobQueue } from "./jobs/job-queue.server";
import type { Mailer } from "./mail/mailer.server";
import type { BatchedRateLimiter } from "./security/batched-rate-limit.server";
import type { ResearchService } from "./research/research-service.server";
import type { SearchLog, SearchNote } from "./search/search-log.server";
import type { FileStorage } from "./storage/local-storage.server";
import type { ToolCounters } from "./traffic/tool-counters.server";
import type { ToolViewNote } from "./traffic/tool-views.server";

/** What the process builds once at start and every request shares. */
export type AppServices = {
  db: Database;
  /** The public origin (https://example.org) used in canonical links, feeds and sitemaps. */
  siteUrl: string | null;
  auth: Auth;
  /** Whether "Continue with Google" is configured (both Google credentials set). */
  googleSignIn: boolean;
  /** Where uploaded files go: local disk under DATA_DIR/uploads, or S3-compatible storage. */
  storage: FileStorage;
  /** The AI research assistant: whether it is configured here, and a way to run it. */
  research: ResearchService;
  /** The background jobs (link checks, AI refresh): their schedules, and a way to run one now. */
  jobs: JobQueue;
  /** Counts public API requests per client address (decision 073); null when API_RATE_LIMIT=0. */
  apiRateLimiter: BatchedRateLimiter | null;
  /** Counts what visitors search for, in memory, written in batches (decision 162). */
  searchLog: SearchLog;
  /** Counts tools' page views and website clicks, in memory, written in batches (decision 178). */
  toolCounters: ToolCounters;
  /** Sends the site's emails (SMTP, or .eml files in the local outbox): submission decisions, say. */
  mailer: Mailer;
  /** Where scheduled backups go, how many are kept, and where the last backup is recorded (/admin/backups). */
  backups: BackupSettings;
  /**
   * Purges the cached pages that show what a write changed, by tag (cache/page-tags.server.ts):
   * here, in every other process, and at the CDN when one is configured. Call after a public write.
   */
  purgePages(tags: readonly string[]): Promise<void>;
};

/** What every loader and action receives as `context`: the services plus who is asking. */
export type AppContext = AppServices & {
  /** The signed-in user, or null; resolved once per request from the session cookie. */
  viewer: Viewer | null;
  /** The client's address: the socket's, or X-Forwarded-For's when TRUST_PROXY says to believe it. */
  clientIp: string;
  /** This response's Content-Security-Policy nonce for inline scripts; absent outside the HTTP server. */
  cspNonce?: string;
  /** What this page shows, for the page cache and a CDN (tagPage); absent outside the HTTP server. */
  pageTags?: PageTags;
  /** Shared answers purged with the page cache (remembered); absent outside the HTTP server. */
  dataMemo?: DataMemo;
  /** The search this page showed, for the search log (noteSearch); absent outside the HTTP server. */
  searchNote?: SearchNote;
  /** The tool this page shows, for the view counters (noteToolView); absent outside the HTTP server. */
  toolView?: ToolViewNote;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmenting React Router's type needs an interface
  interface AppLoadContext extends AppContext {}
}
