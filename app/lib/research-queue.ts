import { z } from "zod";
import type { ResearchFactDraft, ResearchSource } from "./research";
import type { ToolDraft } from "./research-apply";

/**
 * "Add many tools" (issue 35, decision 154): websites pasted or uploaded become entries of the
 * research queue, each drafted by a background job and reviewed in bulk on one page. What the page
 * and the server share: the limits, the states, the form schemas and the texts the admin reads.
 */

export const RESEARCH_QUEUE_PATH = "/admin/research-queue";
/** At most this many websites per batch: 500 runs of the assistant is a day's worth of credits at most. */
export const RESEARCH_QUEUE_MAX_WEBSITES = 500;
/** The pasted text and the uploaded CSV: generous for 500 lines with a description each. */
export const RESEARCH_QUEUE_INPUT_MAX_CHARS = 400_000;
export const RESEARCH_QUEUE_CSV_MAX_BYTES = 1024 * 1024;
/** Each website costs this many web searches and model calls when the assistant is configured. */
export const SEARCHES_PER_WEBSITE = 3;
export const MODEL_CALLS_PER_WEBSITE = 1;

export const RESEARCH_QUEUE_STATES = ["waiting", "drafted", "failed", "duplicate", "accepted", "rejected"] as const;
export type ResearchQueueState = (typeof RESEARCH_QUEUE_STATES)[number];

/** Why a website gave no draft, as the review list names it. */
export const RESEARCH_QUEUE_FAILURES = ["unreachable", "refused", "not-a-tool", "model-error"] as const;
export type ResearchQueueFailure = (typeof RESEARCH_QUEUE_FAILURES)[number];

export const FAILURE_LABELS: Record<ResearchQueueFailure, string> = {
  unreachable: "Unreachable",
  refused: "Refused by the outbound guard",
  "not-a-tool": "Not a tool",
  "model-error": "Model error",
};

/** What a likely duplicate repeats: a listed tool, or an earlier entry of the queue. */
export type DuplicateOf =
  | { kind: "tool"; reason: "domain" | "name"; toolId: string; name: string; slug: string }
  | { kind: "entry"; reason: "domain" | "name"; entryId: string; website: string };

/** Where each field of a draft came from: a page's address, or "the site's own page". */
export type FieldSources = Partial<Record<"name" | "tagline" | "description" | "image" | "details", string[]>>;

/**
 * A draft as stored and opened in the tool form: the form's values, the pages the research read,
 * each field's sources, and whether it came from the site's own metadata only.
 */
export type QueueDraft = Omit<ToolDraft, "proposedTags"> & {
  /** The facts the research cited (decision 165); absent when it cited none. */
  facts?: ResearchFactDraft[];
  sources: ResearchSource[];
  fieldSources: FieldSources;
  metadataOnly: boolean;
};

/** Which input the "Add many tools" form reads. */
export const RESEARCH_QUEUE_INPUT_KINDS = ["lines", "markdown", "csv"] as const;

export const RESEARCH_QUEUE_MESSAGES = {
  empty: "Paste at least one website, or choose a CSV file with a website column",
  tooMany: `At most ${RESEARCH_QUEUE_MAX_WEBSITES} websites at once`,
  tooLong: `The text must be at most ${RESEARCH_QUEUE_INPUT_MAX_CHARS.toLocaleString("en-US")} characters`,
  csvTooLarge: `The CSV file must be at most ${RESEARCH_QUEUE_CSV_MAX_BYTES / 1024 / 1024} MB`,
  csvNoWebsiteColumn: 'The CSV file needs a column named "website" (or "url")',
  csvUnreadable: "The CSV file could not be read",
  noneSelected: "Select at least one draft",
  notFound: "That queue entry is no longer there",
  notDrafted: "Only a draft can be accepted or rejected",
  metadataOnly:
    "Drafted from the site's own page only: the research assistant is not configured (set BRAVE_API_KEY and a model).",
} as const;

const idSchema = z.uuid({ error: RESEARCH_QUEUE_MESSAGES.notFound });

/** Step one and two of "Add many tools": see what it will do (preview), then start it. */
export const researchQueueInputSchema = z.object({
  websites: z.string().max(RESEARCH_QUEUE_INPUT_MAX_CHARS, RESEARCH_QUEUE_MESSAGES.tooLong).default(""),
});
export type ResearchQueueInput = z.infer<typeof researchQueueInputSchema>;

/** Accept or reject one draft. */
export const researchQueueEntrySchema = z.object({ entryId: idSchema });

/** Accept the checked drafts at once. */
export const researchQueueSelectionSchema = z.object({
  entryIds: z.array(idSchema).min(1, RESEARCH_QUEUE_MESSAGES.noneSelected).max(RESEARCH_QUEUE_MAX_WEBSITES),
});

/** The create form opened from the review list carries its entry in this field (and query parameter). */
export const QUEUE_ENTRY_FIELD = "queueEntry";

export type ResearchQueueEstimate = {
  websites: number;
  /** Repeats of the same address, removed. */
  repeats: number;
  /** Held back before any request: the same site as a listed tool or an earlier line. */
  duplicates: number;
  /** Addresses that are not http(s) websites, left out. */
  invalid: number;
  /** Websites that will be researched (websites minus duplicates). */
  researched: number;
  searches: number;
  modelCalls: number;
  /** At the configured pace (the pauses between searches), in seconds; the vendors' latency comes on top. */
  seconds: number;
  assistant: boolean;
};

/** The cost of researching `researched` websites at `pauseMs` after each search. */
export function estimateCost({
  researched,
  assistant,
  pauseMs,
  pageSeconds = 1,
}: {
  researched: number;
  assistant: boolean;
  pauseMs: number;
  /** Reading a site's page and logo, one site after another. */
  pageSeconds?: number;
}): Pick<ResearchQueueEstimate, "searches" | "modelCalls" | "seconds"> {
  const searches = assistant ? researched * SEARCHES_PER_WEBSITE : 0;
  const modelCalls = assistant ? researched * MODEL_CALLS_PER_WEBSITE : 0;
  return { searches, modelCalls, seconds: Math.ceil((searches * pauseMs) / 1000 + researched * pageSeconds) };
}

/** "312 of 500 done, 9 failed". */
export function progressText({ total, done, failed }: { total: number; done: number; failed: number }): string {
  return `${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} done, ${failed.toLocaleString("en-US")} failed`;
}

/** "about 28 min": a duration in seconds, roughly. */
export function roughDuration(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 ? `about ${hours} h ${minutes % 60} min` : `about ${hours} h`;
}
