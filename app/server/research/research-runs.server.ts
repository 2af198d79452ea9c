import { eq } from "drizzle-orm";
import type { ResearchMode, TokenUsage } from "~/lib/research";
import type { Database } from "../db/client.server";
import { researchRuns } from "../db/schema.server";

/** The record of each research run: what was asked, how it ended and the tokens it used. */

export async function startResearchRun({
  db,
  userId,
  mode,
  subject,
  toolId,
  model,
}: {
  db: Database;
  /** Null for a run no one asked for in person (the scheduled AI refresh). */
  userId: string | null;
  mode: ResearchMode;
  subject: string;
  toolId: string | null;
  model: string;
}): Promise<string> {
  const [row] = await db
    .insert(researchRuns)
    .values({ userId, mode, subject, toolId, model })
    .returning({ id: researchRuns.id });
  return row!.id;
}

export async function finishResearchRun({
  db,
  id,
  status,
  error = null,
  usage,
  searches,
  sources,
}: {
  db: Database;
  id: string;
  status: "succeeded" | "failed" | "cancelled";
  error?: string | null;
  usage: TokenUsage;
  searches: number;
  sources: number;
}): Promise<void> {
  await db
    .update(researchRuns)
    .set({
      status,
      error,
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      searches,
      sources,
      finishedAt: new Date(),
    })
    .where(eq(researchRuns.id, id));
}
