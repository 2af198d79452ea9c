import { randomUUID } from "node:crypto";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { RESEARCH_MESSAGES } from "~/lib/research";
import { applyResearch } from "~/lib/research-apply";
import { type DuplicateOf, type FieldSources, type QueueDraft, type ResearchQueueFailure } from "~/lib/research-queue";
import { listTags } from "../catalog/tags.server";
import { fetchWebsiteLogo, WebsiteLogoUnavailable } from "../catalog/website-logo.server";
import type { Database } from "../db/client.server";
import { researchQueueEntries, tools } from "../db/schema.server";
import { logger } from "../logger.server";
import { OutboundAddressRefused, outboundClient, type OutboundClient } from "../outbound/guarded-fetch.server";
import type { FileStorage } from "../storage/local-storage.server";
import { ResearchModelError } from "./model.server";
import { finishResearchRun, startResearchRun } from "./research-runs.server";
import type { ResearchService } from "./research-service.server";
import { readSiteMetadata, type SiteMetadata } from "./site-metadata.server";
import { escapeHtml } from "../seo/xml.server";

/**
 * The research-queue job (issue 35, decision 154): drafts every waiting entry, oldest batch first,
 * one website at a time. Each website: its home page read through the outbound guard, its logo found
 * and stored, and (with the research assistant configured) three searches and one model call at
 * the assistant's own pace; without it, a draft from the page's metadata alone. The outcome is
 * stored and the entry marked done in one statement keyed by its id, so a retry after a crash or
 * a restart skips it: nothing finished is repeated. `signal` stops the run between websites; only a
 * process that dies mid-website does that one again.
 */

export type QueueCounts = { drafted: number; failed: number };

type Outcome =
  | { state: "drafted"; draft: QueueDraft; duplicateOf: DuplicateOf | null }
  | { state: "failed"; failure: ResearchQueueFailure; detail: string };

async function nextWaiting(db: Database) {
  const [row] = await db
    .select({
      id: researchQueueEntries.id,
      website: researchQueueEntries.website,
      siteKey: researchQueueEntries.siteKey,
      givenName: researchQueueEntries.givenName,
      requestedBy: researchQueueEntries.requestedBy,
    })
    .from(researchQueueEntries)
    .where(eq(researchQueueEntries.state, "waiting"))
    .orderBy(asc(researchQueueEntries.createdAt), asc(researchQueueEntries.position), asc(researchQueueEntries.id))
    .limit(1);
  return row ?? null;
}

/** Lower case letters and digits only: "Note-Taker AI" and "notetaker ai" are the same name. */
export function nameKey(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]/g, "");
}

/** Words a product's name often gains or loses: "Jasper" and "Jasper AI" are one tool. */
const NAME_AFFIXES = ["ai", "app", "hq", "io", "the"];

/**
 * The same name once case, spaces and punctuation are gone, or with a common word added ("Jasper
 * AI"). An edit distance would be looser and wrong: "Notion" and "Motion" are two products.
 */
export function similarNames(a: string, b: string): boolean {
  const x = nameKey(a);
  const y = nameKey(b);
  if (x === "" || y === "") return false;
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return NAME_AFFIXES.some((affix) => long === `${short}${affix}` || long === `${affix}${short}`);
}

/** A listed tool or another draft with a very similar name. */
async function similarlyNamed(db: Database, entryId: string, name: string): Promise<DuplicateOf | null> {
  const key = nameKey(name);
  if (key === "") return null;
  // A similar name contains this one's core (the name without its affixes): the database narrows to those.
  const core = NAME_AFFIXES.reduce(
    (name, affix) => (name.length > affix.length + 2 ? name.replace(new RegExp(`^${affix}|${affix}$`), "") : name),
    key,
  );
  const listed = await db
    .select({ id: tools.id, name: tools.name, slug: tools.slug })
    .from(tools)
    .where(sql`regexp_replace(lower(${tools.name}), '[^a-z0-9]', '', 'g') like ${`%${core}%`}`);
  const tool = listed.find((candidate) => similarNames(candidate.name, name));
  if (tool) return { kind: "tool", reason: "name", toolId: tool.id, name: tool.name, slug: tool.slug };
  const drafts = await db
    .select({ id: researchQueueEntries.id, website: researchQueueEntries.website, draft: researchQueueEntries.draft })
    .from(researchQueueEntries)
    .where(and(eq(researchQueueEntries.state, "drafted"), ne(researchQueueEntries.id, entryId)));
  const entry = drafts.find((candidate) => candidate.draft && similarNames(candidate.draft.name, name));
  return entry ? { kind: "entry", reason: "name", entryId: entry.id, website: entry.website } : null;
}

/** "Acme Writer | AI drafts for busy teams" -> "Acme Writer": a title's first part names the product. */
function nameFrom(metadata: SiteMetadata, givenName: string | null, website: string): string {
  const fromTitle = metadata.title.split(/\s+[|·–—-]\s+|:\s+/)[0]?.trim() ?? "";
  const name = givenName || metadata.siteName || fromTitle || new URL(website).hostname.replace(/^www\./, "");
  return name.slice(0, 120);
}

/** The first sentence, at most 120 characters: a card's tagline. */
function taglineFrom(description: string): string {
  const sentence = /^.*?[.!?](?=\s|$)/.exec(description)?.[0] ?? description;
  return sentence.length <= 120 ? sentence : `${sentence.slice(0, 117).trimEnd()}...`;
}

/** Stores the site's logo like an upload; none (logged) when the site offers nothing usable. */
async function storeLogo(
  website: string,
  { storage, client }: { storage: FileStorage; client: OutboundClient },
): Promise<{ url: string; sourceUrl: string } | null> {
  try {
    const logo = await fetchWebsiteLogo(website, { client });
    const stored = await storage.put({
      key: `tool-logos/${randomUUID()}.${logo.extension}`,
      body: logo.body,
      contentType: logo.contentType,
    });
    return { url: stored.url, sourceUrl: logo.sourceUrl };
  } catch (error) {
    if (error instanceof WebsiteLogoUnavailable) {
      logger.info({ website, detail: error.detail }, "no logo for a queued website");
      return null;
    }
    throw error;
  }
}

async function draftEntry({
  entry,
  research,
  storage,
  client,
  tagChoices,
  db,
}: {
  entry: NonNullable<Awaited<ReturnType<typeof nextWaiting>>>;
  research: ResearchService;
  storage: FileStorage;
  client: OutboundClient;
  tagChoices: Awaited<ReturnType<typeof listTags>>;
  db: Database;
}): Promise<Outcome> {
  let read: Awaited<ReturnType<typeof readSiteMetadata>>;
  try {
    read = await readSiteMetadata(entry.website, { client });
  } catch (error) {
    if (error instanceof OutboundAddressRefused) return { state: "failed", failure: "refused", detail: error.message };
    throw error;
  }
  if (!read.ok) return { state: "failed", failure: "unreachable", detail: read.reason };
  const { metadata } = read;
  if (metadata.parked)
    return { state: "failed", failure: "not-a-tool", detail: `The page looks parked: "${metadata.parked}"` };

  const logo = await storeLogo(metadata.url, { storage, client });
  const name = nameFrom(metadata, entry.givenName, entry.website);
  const page = [metadata.url];

  if (!research.availability.configured) {
    const fieldSources: FieldSources = { name: page };
    if (metadata.description) Object.assign(fieldSources, { tagline: page, description: page });
    if (logo) fieldSources.image = [logo.sourceUrl];
    return {
      state: "drafted",
      duplicateOf: await similarlyNamed(db, entry.id, name),
      draft: {
        name,
        category: "",
        description: metadata.description ? `<p>${escapeHtml(metadata.description)}</p>` : "",
        image: logo?.url ?? "",
        website: entry.website,
        features: [],
        pros: [],
        cons: [],
        pricing: null,
        tagline: taglineFrom(metadata.description),
        pricingModel: "",
        startingPrice: "",
        tags: [],
        sources: [{ title: metadata.title || name, url: metadata.url }],
        fieldSources,
        metadataOnly: true,
      },
    };
  }

  const domain = entry.siteKey;
  const subject = `${name} ${domain}`;
  const runId = await startResearchRun({
    db,
    userId: entry.requestedBy,
    mode: "create",
    subject,
    toolId: null,
    model: research.availability.model,
  });
  let outcome: Awaited<ReturnType<ResearchService["run"]>>;
  try {
    outcome = await research.run({
      task: { mode: "create", subject, tagNames: tagChoices.map((tag) => tag.name) },
      emit: () => {},
    });
  } catch (error) {
    await finishResearchRun({
      db,
      id: runId,
      status: "failed",
      error: error instanceof Error ? error.message : String(error),
      usage: error instanceof ResearchModelError ? error.usage : { inputTokens: 0, outputTokens: 0 },
      searches: 0,
      sources: 0,
    });
    // The model's own refusals are safe to show; anything else is logged and named in general words.
    if (!(error instanceof ResearchModelError))
      logger.error({ err: error, entryId: entry.id }, "researching a queued website failed");
    return {
      state: "failed",
      failure: "model-error",
      detail: error instanceof ResearchModelError ? error.message : RESEARCH_MESSAGES.fallback,
    };
  }
  await finishResearchRun({
    db,
    id: runId,
    status: "succeeded",
    usage: outcome.usage,
    searches: outcome.searches,
    sources: outcome.sources.length,
  });
  const applied = applyResearch({
    mode: "create",
    result: outcome.result,
    current: {
      name,
      category: "",
      image: "",
      website: entry.website,
      cons: [],
      tagline: "",
      pricingModel: "",
      startingPrice: "",
      tags: [],
    },
    tagChoices,
  });
  const { proposedTags: _proposed, ...draft } = applied;
  const found = outcome.sources.map((source) => source.url);
  const fieldSources: FieldSources = { name: found, tagline: found, description: found, details: found };
  if (logo) fieldSources.image = [logo.sourceUrl];
  return {
    state: "drafted",
    duplicateOf: await similarlyNamed(db, entry.id, draft.name),
    draft: {
      ...draft,
      // The pasted address stands: the model may name another page of the same product.
      website: entry.website,
      image: logo?.url ?? "",
      // Each cites a page the run read (decision 165); the form shows them for the admin to check.
      ...((outcome.result.facts ?? []).length > 0 && { facts: outcome.result.facts }),
      sources: [{ title: metadata.title || name, url: metadata.url }, ...outcome.sources],
      fieldSources,
      metadataOnly: false,
    },
  };
}

/** Records the outcome and marks the entry done in one statement, unless another run got there first. */
async function finishEntry(db: Database, id: string, outcome: Outcome): Promise<boolean> {
  const done = await db
    .update(researchQueueEntries)
    .set({
      ...(outcome.state === "drafted"
        ? { state: "drafted" as const, draft: outcome.draft, duplicateOf: outcome.duplicateOf }
        : { state: "failed" as const, failure: outcome.failure, failureDetail: outcome.detail.slice(0, 1000) }),
      researchedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(researchQueueEntries.id, id), eq(researchQueueEntries.state, "waiting")))
    .returning({ id: researchQueueEntries.id });
  return done.length > 0;
}

export async function draftQueuedWebsites({
  db,
  research,
  storage,
  client = outboundClient(),
  signal,
  limit = Number.POSITIVE_INFINITY,
}: {
  db: Database;
  research: ResearchService;
  storage: FileStorage;
  client?: OutboundClient;
  signal?: AbortSignal;
  /** At most this many websites in this run (tests stop half-way with it). */
  limit?: number;
}): Promise<QueueCounts> {
  const counts: QueueCounts = { drafted: 0, failed: 0 };
  const tagChoices = await listTags({ db });
  for (let taken = 0; taken < limit; taken++) {
    if (signal?.aborted) break;
    const entry = await nextWaiting(db);
    if (!entry) break;
    // The website in hand is finished (seconds at the assistant's pace) even when `signal` comes:
    // cut short, its searches would be paid twice. The run stops before the next one.
    const outcome = await draftEntry({ entry, research, storage, client, tagChoices, db });
    if (await finishEntry(db, entry.id, outcome)) counts[outcome.state] += 1;
  }
  if (counts.drafted + counts.failed > 0) logger.info({ ...counts }, "research queue drafted websites");
  return counts;
}
