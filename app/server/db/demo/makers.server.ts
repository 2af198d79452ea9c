import { eq } from "drizzle-orm";
import type { Database } from "../client.server";
import {
  comments,
  profiles,
  refreshProposalFields,
  refreshProposals,
  toolDailyCounts,
  toolMakers,
  tools,
  users,
} from "../schema.server";

/**
 * The demo's claimed listing (issue 33, decision 176): a demo maker account (no password, no sign-in
 * method, an .invalid address, so no one can use it) is the verified maker of one demo tool, approved
 * by hand; it has commented there (the Maker badge) and proposed a reworded tagline, waiting in
 * /admin/proposals marked as the maker's. The tool has twelve weeks of demo view and click counts,
 * so an administrator opening the maker's view on a fresh install sees figures. All of it is demo
 * content: the tagline is the listing's own reworded, citing the tool's website; no outside fact.
 */

export const DEMO_MAKER = {
  email: "demo-maker@aitlas.invalid",
  displayName: "demo-maker",
  toolSlug: "descript",
  comment: "Demo maker account: this is how a verified maker's reply looks on their own listing.",
  tagline: "Edit audio and video by editing the transcript, then clean up the recording",
} as const;

/** Views and clicks per day for the demo's twelve weeks: a weekly rhythm, growing slowly (made up, and said so above). */
export function demoDailyCounts(days: number, now: number): { day: string; views: number; clicks: number }[] {
  const dayMs = 24 * 60 * 60 * 1000;
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(now - (days - 1 - index) * dayMs);
    const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
    const views = Math.round((weekend ? 18 : 30) + index * 0.4);
    return { day: day.toISOString().slice(0, 10), views, clicks: Math.round(views / 6) };
  });
}

export async function seedDemoMakers(tx: Database, toolIds: string[], now: number): Promise<void> {
  if (toolIds.length === 0) return;
  const [tool] = await tx
    .select({ id: tools.id, website: tools.website, tagline: tools.tagline })
    .from(tools)
    .where(eq(tools.slug, DEMO_MAKER.toolSlug))
    .limit(1);
  if (!tool || !toolIds.includes(tool.id)) return;
  const hour = 60 * 60 * 1000;
  const [maker] = await tx
    .insert(users)
    .values({ email: DEMO_MAKER.email, emailVerified: true, createdAt: new Date(now - 30 * 24 * hour) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!maker) return;
  await tx.update(profiles).set({ displayName: DEMO_MAKER.displayName }).where(eq(profiles.id, maker.id));
  await tx.insert(toolMakers).values({
    toolId: tool.id,
    userId: maker.id,
    token: "demo-maker-approved-by-hand",
    status: "verified",
    method: "admin",
    note: "Demo claim, approved by hand.",
    verifiedAt: new Date(now - 20 * 24 * hour),
    createdAt: new Date(now - 21 * 24 * hour),
  });
  await tx.insert(comments).values({
    toolId: tool.id,
    userId: maker.id,
    content: DEMO_MAKER.comment,
    createdAt: new Date(now - 19 * 24 * hour),
  });
  const source = { url: tool.website ?? "https://www.descript.com", title: "Cited by the maker", snippet: "" };
  const [proposal] = await tx
    .insert(refreshProposals)
    .values({
      toolId: tool.id,
      status: "pending",
      makerId: maker.id,
      sources: [source],
      createdAt: new Date(now - 2 * 24 * hour),
    })
    .returning({ id: refreshProposals.id });
  await tx.insert(refreshProposalFields).values({
    proposalId: proposal!.id,
    field: "tagline",
    currentValue: tool.tagline,
    proposedValue: DEMO_MAKER.tagline,
    sources: [source],
  });
  await tx
    .insert(toolDailyCounts)
    .values(demoDailyCounts(12 * 7, now).map((count) => ({ toolId: tool.id, ...count })))
    .onConflictDoNothing();
}
