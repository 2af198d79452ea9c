import type { Database } from "../client.server";
import { jobRuns, refreshProposalFields, refreshProposals, toolChanges, toolLinkChecks, tools } from "../schema.server";
import { inArray } from "drizzle-orm";

/**
 * What a few days of the background jobs leave behind, so a new install shows the features at
 * once: every demo tool's website checked a few hours ago, the runs in /admin/jobs, two entries
 * in the public change log (one from an accepted AI proposal, with its source) and one proposal
 * waiting in /admin/proposals. Written only for the tools this seeding added.
 */
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
  const withWebsite = rows.filter((tool) => tool.website);

  const linkCheckStart = new Date(now - 3 * hour);
  const [linkRun] = await tx
    .insert(jobRuns)
    .values({
      kind: "link-check",
      trigger: "schedule",
      state: "succeeded",
      counts: { checked: withWebsite.length, ok: withWebsite.length, failing: 0, flagged: 0 },
      startedAt: linkCheckStart,
      finishedAt: new Date(linkCheckStart.getTime() + 2 * minute),
    })
    .returning({ id: jobRuns.id });
  if (withWebsite.length > 0) {
    await tx.insert(toolLinkChecks).values(
      withWebsite.map((tool, index) => {
        const checkedAt = new Date(linkCheckStart.getTime() + index * 2000);
        return {
          toolId: tool.id,
          checkedAt,
          outcome: "ok" as const,
          httpStatus: 200,
          lastOkAt: checkedAt,
          jobRunId: linkRun!.id,
        };
      }),
    );
  }

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
      actorName: "Aitlas Team",
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
      actorName: "Aitlas Team",
      createdAt: new Date(now - 30 * hour),
    });
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
