import { eq } from "drizzle-orm";
import type { Database } from "../client.server";
import {
  comments,
  profiles,
  refreshProposalFields,
  refreshProposals,
  toolMakers,
  tools,
  users,
} from "../schema.server";

/**
 * The demo's claimed listing (issue 33, decision 176): a demo maker account (no password, no sign-in
 * method, an .invalid address, so no one can use it) is the verified maker of one demo tool, approved
 * by hand; it has commented there (the Maker badge) and proposed a reworded tagline, waiting in
 * /admin/proposals marked as the maker's. Like every demo tool it has twelve weeks of demo view and click counts (demo/traffic.server.ts),
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

export async function seedDemoMakers(tx: Database, toolIds: string[], now: number): Promise<void> {
  if (toolIds.length === 0) return;
  const [tool] = await tx
    .select({ id: tools.id, website: tools.website, tagline: tools.tagline })
    .from(tools)
    .where(eq(tools.slug, DEMO_MAKER.toolSlug))
    .limit(1);
  if (!tool || !toolIds.includes(tool.id)) return;
  const hour = 60 * 60 * 1000;
  // The account outlives a catalogue emptied and seeded again: the new listing is claimed by it too.
  const [created] = await tx
    .insert(users)
    .values({ email: DEMO_MAKER.email, emailVerified: true, createdAt: new Date(now - 30 * 24 * hour) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const [maker] = created
    ? [created]
    : await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_MAKER.email));
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
}
