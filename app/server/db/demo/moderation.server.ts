import { eq } from "drizzle-orm";
import type { Database } from "../client.server";
import { listingReports, toolSubmissions, tools, users } from "../schema.server";

/**
 * The demo inbox (decisions 078 and 079): a demo member, with no password and no sign-in method
 * so no one can use the account, suggests two real tools that are not in the catalogue and
 * reports one listing, so a newcomer opening /admin/inbox sees what it is for. Seeded with the
 * catalogue's first run only, like the freshness history.
 */

const DEMO_MEMBER_EMAIL = "demo-member@aitlas.invalid";

const DEMO_SUBMISSIONS = [
  {
    website: "https://www.phind.com",
    domain: "phind.com",
    name: "Phind",
    category: "Development",
    note: "An answer engine for developers; I use it daily.",
  },
  {
    website: "https://gamma.app",
    domain: "gamma.app",
    name: "Gamma",
    category: "Productivity",
    note: null,
  },
];

export async function seedDemoModeration(tx: Database, toolIds: string[], now: number): Promise<void> {
  if (toolIds.length === 0) return;
  const hour = 60 * 60 * 1000;
  const [member] = await tx
    .insert(users)
    .values({ email: DEMO_MEMBER_EMAIL, emailVerified: true, createdAt: new Date(now - 72 * hour) })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  if (!member) return;
  await tx
    .insert(toolSubmissions)
    .values(
      DEMO_SUBMISSIONS.map((submission, index) => ({
        ...submission,
        userId: member.id,
        createdAt: new Date(now - (10 - index * 4) * hour),
      })),
    )
    .onConflictDoNothing();
  const [reported] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.slug, "character-ai")).limit(1);
  if (reported) {
    await tx.insert(listingReports).values({
      toolId: reported.id,
      reporterId: member.id,
      reason: "wrong-information",
      note: "The pricing listed here looks out of date.",
      createdAt: new Date(now - 5 * hour),
    });
  }
}
