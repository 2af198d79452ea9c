import type { Database } from "../client.server";
import { jobRuns, refreshProposalFields, refreshProposals, toolChanges, tools } from "../schema.server";
import { inArray } from "drizzle-orm";

/**
 * What the AI refresh leaves behind, so a new install shows its review at once: a refresh run in
 * /admin/jobs, entries in the public change log (one from an accepted AI proposal, with its
 * source; a tool added; one discontinued and listed again), signed "Demo data" so nobody takes them for real edits, and one proposal waiting in
 * /admin/proposals. Written only for the tools this seeding added. No website check is invented
 * (issue 35): a tool's "Website checked" line appears after the first real check.
 */
/** Who the demo's change log names: what it shows was written as demo content, not by a person. */
export const DEMO_AUTHOR = "Demo data";

export async function seedDemoFreshness(tx: Database, toolIds: string[], now: number): Promise<void> {
  if (toolIds.length === 0) return;
  const minute = 60 * 1000;
  const hour = 60 * minute;
  const day = 24 * hour;
  const rows = await tx
    .select({ id: tools.id, slug: tools.slug, name: tools.name, tagline: tools.tagline, website: tools.website })
    .from(tools)
    .where(inArray(tools.id, toolIds))
    .orderBy(tools.createdAt);

  const refreshStart = new Date(now - 2 * day);
  const [refreshRun] = await tx
    .insert(jobRuns)
    .values({
      kind: "refresh",
      trigger: "schedule",
      state: "succeeded",
      counts: { checked: 2, proposed: 2, unchanged: 0, failed: 0 },
      startedAt: refreshStart,
      finishedAt: new Date(refreshStart.getTime() + 40 * 1000),
    })
    .returning({ id: jobRuns.id });

  // An accepted proposal (its tagline, with the page it came from) and an edit by the team.
  const [accepted, edited, waiting] = rows.filter((tool) => tool.tagline && tool.website);
  const sourceOf = (tool: { name: string; website: string | null; tagline: string | null }) => ({
    url: tool.website!,
    title: `${tool.name}: official website`,
    snippet: tool.tagline!,
  });
  if (accepted) {
    const sources = [sourceOf(accepted)];
    const [proposal] = await tx
      .insert(refreshProposals)
      .values({
        toolId: accepted.id,
        jobRunId: refreshRun!.id,
        status: "reviewed",
        sources,
        createdAt: refreshStart,
        reviewedAt: new Date(refreshStart.getTime() + 5 * hour),
      })
      .returning({ id: refreshProposals.id });
    const before = `${accepted.name}: an AI assistant.`;
    await tx.insert(refreshProposalFields).values({
      proposalId: proposal!.id,
      field: "tagline",
      currentValue: before,
      proposedValue: accepted.tagline,
      acceptedValue: accepted.tagline,
      sources,
      decision: "accepted",
      decidedAt: new Date(refreshStart.getTime() + 5 * hour),
    });
    await tx.insert(toolChanges).values({
      toolId: accepted.id,
      field: "tagline",
      before,
      after: accepted.tagline,
      sources,
      origin: "proposal",
      actorName: DEMO_AUTHOR,
      createdAt: new Date(refreshStart.getTime() + 5 * hour),
    });
  }
  if (edited) {
    await tx.insert(toolChanges).values({
      toolId: edited.id,
      field: "website",
      before: edited.website!.replace(/^https:\/\/(www\.)?/, "http://"),
      after: edited.website,
      origin: "admin",
      actorName: DEMO_AUTHOR,
      createdAt: new Date(now - 30 * hour),
    });
  }
  // The log's events (decision 185): the newest tool's arrival, and one tool that was marked
  // discontinued while its website was down and listed again when it came back.
  const newest = rows.at(-1);
  const returned = rows.length > 4 ? rows.at(-2) : undefined;
  const statusChange = (toolId: string, before: string | null, after: string, at: number) => ({
    toolId,
    field: "status",
    before,
    after,
    origin: "admin" as const,
    actorName: DEMO_AUTHOR,
    createdAt: new Date(at),
  });
  if (newest) await tx.insert(toolChanges).values(statusChange(newest.id, null, "active", now));
  if (returned) {
    await tx
      .insert(toolChanges)
      .values([
        statusChange(returned.id, "active", "discontinued", now - 6 * day),
        statusChange(returned.id, "discontinued", "active", now - 4 * day),
      ]);
  }
  if (waiting) {
    const sources = [sourceOf(waiting)];
    const [proposal] = await tx
      .insert(refreshProposals)
      .values({ toolId: waiting.id, jobRunId: refreshRun!.id, status: "pending", sources, createdAt: refreshStart })
      .returning({ id: refreshProposals.id });
    await tx.insert(refreshProposalFields).values({
      proposalId: proposal!.id,
      field: "tagline",
      currentValue: waiting.tagline,
      proposedValue: `${waiting.tagline!.replace(/\.$/, "")}, on the web and in its apps.`.slice(0, 120),
      sources,
    });
  }
}
