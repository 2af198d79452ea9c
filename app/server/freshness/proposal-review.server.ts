import { asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  factOfProposalField,
  isFactProposalField,
  isReviewedField,
  proposalFieldLabel,
  REVIEWED_FIELDS,
  type ReviewedField,
} from "~/lib/refresh-proposals";
import { readFactsForTools } from "../catalog/tool-facts.server";
import { isUuid } from "~/lib/slugify";
import type { Database } from "../db/client.server";
import { refreshProposalFields, refreshProposals, tools, type FactSource } from "../db/schema.server";
import { canonical } from "./proposal-values.server";

/** The review queue of /admin/proposals: proposals with their fields, each compared with the tool as it is now. */

/** Pending proposals per page of /admin/proposals: each carries its diffs and sources. */
export const PROPOSALS_PAGE_SIZE = 10;

export type ProposalFieldView = {
  field: ReviewedField;
  label: string;
  /** The tool's value when the proposal was made, and the proposed one, as stored. */
  currentValue: unknown;
  proposedValue: unknown;
  sources: FactSource[];
  decision: "accepted" | "rejected" | null;
  acceptedValue: unknown;
  decidedAt: Date | null;
  /** The tool's value now; `stale` when it is no longer the one the proposal was made against. */
  valueNow: unknown;
  stale: boolean;
};

export type ProposalView = {
  id: string;
  status: "pending" | "reviewed" | "no_change" | "failed";
  error: string | null;
  createdAt: Date;
  reviewedAt: Date | null;
  tool: { id: string; name: string; slug: string };
  /** Every page the research read, or the maker cited. */
  sources: FactSource[];
  /** Proposed by the tool's verified maker (decision 176), with their public name; null: the AI refresh. */
  maker: { id: string; name: string | null } | null;
  fields: ProposalFieldView[];
};

export type ProposalPage = {
  proposals: ProposalView[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** Proposals with their tool's name and current values of the fields a proposal may change. */
function proposalRows(db: Database) {
  return db
    .select({
      id: refreshProposals.id,
      status: refreshProposals.status,
      error: refreshProposals.error,
      createdAt: refreshProposals.createdAt,
      reviewedAt: refreshProposals.reviewedAt,
      sources: refreshProposals.sources,
      toolId: tools.id,
      toolName: tools.name,
      toolSlug: tools.slug,
      description: tools.description,
      tagline: tools.tagline,
      features: tools.features,
      pros: tools.pros,
      pricing: tools.pricing,
      pricingModel: tools.pricingModel,
      image: tools.image,
      makerId: refreshProposals.makerId,
      makerName: sql<
        string | null
      >`(select coalesce(p.display_name, p.username) from profiles as p where p.id = ${refreshProposals.makerId})`,
    })
    .from(refreshProposals)
    .innerJoin(tools, eq(tools.id, refreshProposals.toolId))
    .$dynamic();
}

type ProposalRow = Awaited<ReturnType<typeof proposalRows>>[number];

const fieldOrder = (field: string) => REVIEWED_FIELDS.indexOf(field as ReviewedField);

/** Proposals with their fields, each field compared with the tool as it is now. */
async function withFields(db: Database, rows: ProposalRow[]): Promise<ProposalView[]> {
  if (rows.length === 0) return [];
  const fieldRows = await db
    .select()
    .from(refreshProposalFields)
    .where(
      inArray(
        refreshProposalFields.proposalId,
        rows.map((row) => row.id),
      ),
    );
  // A fact's value now is its row in tool_facts (or none: unknown).
  const factsNow = await readFactsForTools({ db, toolIds: [...new Set(rows.map((row) => row.toolId))] });
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt,
    reviewedAt: row.reviewedAt,
    tool: { id: row.toolId, name: row.toolName, slug: row.toolSlug },
    sources: row.sources,
    maker: row.makerId ? { id: row.makerId, name: row.makerName } : null,
    fields: fieldRows
      .filter((field) => field.proposalId === row.id && isReviewedField(field.field))
      .sort((a, b) => fieldOrder(a.field) - fieldOrder(b.field))
      .map((field): ProposalFieldView => {
        const valueNow = isFactProposalField(field.field)
          ? (factsNow.get(row.toolId)?.[factOfProposalField(field.field)] ?? null)
          : (row[field.field] ?? null);
        return {
          field: field.field,
          label: proposalFieldLabel(field.field),
          currentValue: field.currentValue ?? null,
          proposedValue: field.proposedValue ?? null,
          sources: field.sources,
          decision: field.decision,
          acceptedValue: field.acceptedValue ?? null,
          decidedAt: field.decidedAt,
          valueNow,
          stale: field.decision === null && canonical(valueNow) !== canonical(field.currentValue ?? null),
        };
      }),
  }));
}

/** Proposals waiting for review, oldest first (a queue), by page. */
export async function listPendingProposals({
  db,
  page = 1,
  pageSize = PROPOSALS_PAGE_SIZE,
}: {
  db: Database;
  page?: number;
  pageSize?: number;
}): Promise<ProposalPage> {
  const pending = eq(refreshProposals.status, "pending");
  const [counted] = await db.select({ total: count() }).from(refreshProposals).where(pending);
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Deciding the last proposals of the last page leaves that page empty: show the one before.
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const rows = await proposalRows(db)
    .where(pending)
    .orderBy(asc(refreshProposals.createdAt), asc(refreshProposals.id))
    .limit(pageSize)
    .offset((current - 1) * pageSize);
  return { proposals: await withFields(db, rows), total, page: current, pageCount, pageSize };
}

/** How many proposals wait for review (the admin navigation's badge). */
export async function countPendingProposals({ db }: { db: Database }): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(refreshProposals)
    .where(eq(refreshProposals.status, "pending"));
  return row?.total ?? 0;
}

/** One proposal, whatever its status; null when there is none. */
export async function getProposal({ db, id }: { db: Database; id: string }): Promise<ProposalView | null> {
  if (!isUuid(id)) return null;
  const rows = await proposalRows(db).where(eq(refreshProposals.id, id.toLowerCase()));
  const [view] = await withFields(db, rows);
  return view ?? null;
}
