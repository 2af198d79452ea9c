import { asc, gt, sql } from "drizzle-orm";
import { startingPriceOf } from "~/lib/plan-price";
import type { Database } from "../db/client.server";
import { tools } from "../db/schema.server";

const BATCH = 1000;

/**
 * Sets every tool's starting price to what its plans say, where the stored text differs: rows typed
 * before the price was derived, or written by an older release (decision 166). Run at start; a
 * migration cannot, since the parser is TypeScript. Returns how many rows it changed.
 */
export async function recomputeStartingPrices({ db }: { db: Database }): Promise<number> {
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; pricing: (typeof tools.$inferSelect)["pricing"]; startingPrice: string | null }[] =
      await db
        .select({ id: tools.id, pricing: tools.pricing, startingPrice: tools.startingPrice })
        .from(tools)
        .where(after ? gt(tools.id, after) : undefined)
        .orderBy(asc(tools.id))
        .limit(BATCH);
    const stale = rows
      .map((row) => ({ id: row.id, price: startingPriceOf(row.pricing), stored: row.startingPrice }))
      .filter((row) => row.price !== row.stored);
    if (stale.length > 0) {
      // One statement a batch: row by row, a first start over 100,000 stale tools took two minutes.
      // Only the price: updated_at stays, since nothing an administrator wrote has changed.
      const values = sql.join(
        stale.map((row) => sql`(${row.id}::uuid, ${row.price}::text)`),
        sql`, `,
      );
      await db.execute(
        sql`update tools set starting_price = derived.price from (values ${values}) as derived(id, price) where tools.id = derived.id`,
      );
      changed += stale.length;
    }
    if (rows.length < BATCH) return changed;
    after = rows[rows.length - 1]!.id;
  }
}
