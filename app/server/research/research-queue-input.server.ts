import { parse as parseCsv } from "csv-parse/sync";
import { and, inArray, isNotNull } from "drizzle-orm";
import { getDomain } from "tldts";
import { AppError } from "~/lib/app-error";
import {
  estimateCost,
  RESEARCH_QUEUE_MAX_WEBSITES,
  RESEARCH_QUEUE_MESSAGES,
  type DuplicateOf,
  type ResearchQueueEstimate,
} from "~/lib/research-queue";
import { websiteUrl } from "~/lib/submissions";
import type { Database } from "../db/client.server";
import { researchQueueEntries, tools } from "../db/schema.server";

/**
 * What "Add many tools" reads (issue 35, decision 154): one website a line, an awesome-list in
 * Markdown (`- [Name](https://...) - description`), or a CSV file with a website column; the
 * addresses normalized, repeats removed, and each one's site compared with the listed tools and the
 * queue's open entries, so a likely duplicate is held back before anything is fetched or paid for.
 */

export type ParsedWebsite = { website: string; givenName: string | null };
export type ParsedInput = { websites: ParsedWebsite[]; repeats: number; invalid: number };

const MARKDOWN_LINK_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+\[([^\]]+)\]\(\s*(<?[^)\s>]+>?)(?:\s+"[^"]*")?\s*\)/;
const WEBSITE_COLUMNS = ["website", "url", "link", "homepage", "home page", "site"];
const NAME_COLUMNS = ["name", "title", "tool"];

/** The address as stored: http(s) only, no fragment; a bare "example.com" is taken as https. */
export function normalizeWebsite(value: string): string | null {
  const trimmed = value.trim().replace(/^<|>$/g, "");
  if (trimmed === "") return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
  const url = websiteUrl(withScheme);
  if (!url || !url.hostname.includes(".") || url.username || url.password) return null;
  url.hash = "";
  return url.toString();
}

/** What two lines must share to be the same address: host without "www.", path without its last slash, query. */
function repeatKey(website: string): string {
  const url = new URL(website);
  const host = url.host.toLowerCase().replace(/^www\./, "");
  return `${host}${url.pathname.replace(/\/+$/, "")}${url.search}`;
}

/**
 * What two websites of the same tool share: the registrable domain by the public suffix list
 * ("app.acme.co.uk" and "acme.co.uk" are one site, "a.github.io" and "b.github.io" two). An address
 * without one (an IP, a local name) is compared whole, since one host there may serve many tools.
 */
export function siteKeyOf(website: string): string {
  const url = new URL(website);
  const domain = getDomain(url.hostname, { allowPrivateDomains: true });
  return domain ?? `${url.host.toLowerCase()}${url.pathname.replace(/\/+$/, "")}`;
}

function fromCsv(csv: string): ParsedWebsite[] | { problem: string } {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(csv, {
      columns: (header: string[]) => header.map((name) => name.trim().toLowerCase()),
      skip_empty_lines: true,
      relax_column_count: true,
      bom: true,
      trim: true,
    });
  } catch {
    return { problem: RESEARCH_QUEUE_MESSAGES.csvUnreadable };
  }
  const columns = rows.length > 0 ? Object.keys(rows[0]!) : [];
  const websiteColumn = WEBSITE_COLUMNS.find((name) => columns.includes(name));
  if (!websiteColumn) return { problem: RESEARCH_QUEUE_MESSAGES.csvNoWebsiteColumn };
  const nameColumn = NAME_COLUMNS.find((name) => columns.includes(name));
  return rows.map((row) => ({
    website: row[websiteColumn] ?? "",
    givenName: (nameColumn && row[nameColumn]?.trim()) || null,
  }));
}

function fromText(text: string): ParsedWebsite[] {
  const lines = text.split(/\r?\n/);
  const links = lines.map((line) => MARKDOWN_LINK_ITEM.exec(line));
  // An awesome-list: its list items with links are the tools; headings and prose are not lines to count.
  if (links.some(Boolean)) {
    return links.flatMap((match) => (match ? [{ website: match[2]!, givenName: match[1]!.trim() || null }] : []));
  }
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => ({ website: line, givenName: null }));
}

/** The websites of the pasted text and the CSV file together, in order, each address once. */
export function parseWebsites({ text, csv }: { text: string; csv?: string | null }): ParsedInput {
  const raw = fromText(text);
  if (csv) {
    const rows = fromCsv(csv);
    if ("problem" in rows) throw new AppError("bad-request", rows.problem);
    raw.push(...rows);
  }
  const seen = new Set<string>();
  const websites: ParsedWebsite[] = [];
  let repeats = 0;
  let invalid = 0;
  for (const line of raw) {
    const website = normalizeWebsite(line.website);
    if (!website) {
      invalid++;
      continue;
    }
    const key = repeatKey(website);
    if (seen.has(key)) {
      repeats++;
      continue;
    }
    seen.add(key);
    websites.push({ website, givenName: line.givenName?.slice(0, 120) ?? null });
  }
  return { websites, repeats, invalid };
}

export type PlannedEntry = ParsedWebsite & { siteKey: string; duplicateOf: DuplicateOf | null };

/** Each website with its site, and what it likely repeats: a listed tool, an open entry, or an earlier line. */
export async function planEntries({ db, websites }: { db: Database; websites: ParsedWebsite[] }) {
  const listed = new Map<string, DuplicateOf>();
  const rows = await db
    .select({ id: tools.id, name: tools.name, slug: tools.slug, website: tools.website })
    .from(tools)
    .where(isNotNull(tools.website));
  for (const tool of rows) {
    const website = tool.website && normalizeWebsite(tool.website);
    if (!website) continue;
    const key = siteKeyOf(website);
    if (!listed.has(key))
      listed.set(key, { kind: "tool", reason: "domain", toolId: tool.id, name: tool.name, slug: tool.slug });
  }
  const open = await db
    .select({
      id: researchQueueEntries.id,
      website: researchQueueEntries.website,
      siteKey: researchQueueEntries.siteKey,
    })
    .from(researchQueueEntries)
    .where(and(inArray(researchQueueEntries.state, ["waiting", "drafted", "failed"])));
  const queued = new Map<string, DuplicateOf>(
    open.map((entry) => [
      entry.siteKey,
      { kind: "entry", reason: "domain", entryId: entry.id, website: entry.website } satisfies DuplicateOf,
    ]),
  );
  const earlier = new Map<string, string>();
  return websites.map((line): PlannedEntry => {
    const siteKey = siteKeyOf(line.website);
    const sameLine = earlier.get(siteKey);
    const duplicateOf: DuplicateOf | null =
      listed.get(siteKey) ??
      queued.get(siteKey) ??
      (sameLine ? { kind: "entry", reason: "domain", entryId: "", website: sameLine } : null);
    if (!sameLine) earlier.set(siteKey, line.website);
    return { ...line, siteKey, duplicateOf };
  });
}

/** What the batch will do and cost, before it starts. */
export function estimateOf({
  parsed,
  planned,
  assistant,
  pauseMs,
}: {
  parsed: ParsedInput;
  planned: PlannedEntry[];
  assistant: boolean;
  pauseMs: number;
}): ResearchQueueEstimate {
  const duplicates = planned.filter((entry) => entry.duplicateOf).length;
  const researched = planned.length - duplicates;
  return {
    websites: planned.length,
    repeats: parsed.repeats,
    duplicates,
    invalid: parsed.invalid,
    researched,
    assistant,
    ...estimateCost({ researched, assistant, pauseMs }),
  };
}

/** Reads and plans a batch, refusing an empty or oversized one. */
export async function planBatch({
  db,
  text,
  csv,
  assistant,
  pauseMs,
}: {
  db: Database;
  text: string;
  csv?: string | null;
  assistant: boolean;
  pauseMs: number;
}) {
  const parsed = parseWebsites({ text, csv });
  if (parsed.websites.length === 0) throw new AppError("bad-request", RESEARCH_QUEUE_MESSAGES.empty);
  if (parsed.websites.length > RESEARCH_QUEUE_MAX_WEBSITES)
    throw new AppError("bad-request", RESEARCH_QUEUE_MESSAGES.tooMany);
  const planned = await planEntries({ db, websites: parsed.websites });
  return { planned, estimate: estimateOf({ parsed, planned, assistant, pauseMs }) };
}

/** Queues the batch: one row a website, in one statement, duplicates held back. Returns how many wait. */
export async function enqueueBatch({
  db,
  planned,
  requestedBy,
}: {
  db: Database;
  planned: PlannedEntry[];
  requestedBy: string | null;
}): Promise<{ waiting: number; duplicates: number }> {
  if (planned.length === 0) return { waiting: 0, duplicates: 0 };
  await db.insert(researchQueueEntries).values(
    planned.map((entry, position) => ({
      website: entry.website,
      siteKey: entry.siteKey,
      givenName: entry.givenName,
      position,
      requestedBy,
      state: entry.duplicateOf ? ("duplicate" as const) : ("waiting" as const),
      duplicateOf: entry.duplicateOf,
    })),
  );
  const duplicates = planned.filter((entry) => entry.duplicateOf).length;
  return { waiting: planned.length - duplicates, duplicates };
}
