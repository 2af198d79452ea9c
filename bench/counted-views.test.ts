import { expect, it } from "vitest";
import { assertServerBuilt, cleanUpServers } from "../tests/setup/production-server";
import { countedViewsText, measureCountedViews } from "./counted-views";

it("pairs a browser's and a crawler's rounds on the cached tool page, and stores a view for each browser hit", async () => {
  assertServerBuilt();
  try {
    const result = await measureCountedViews({ rounds: 2, seconds: 1, connections: 4 });
    expect(result.comparison.ours.errors + result.comparison.plain.errors).toBe(0);
    expect(result.countedRequests).toBeGreaterThan(0);
    // The crawler's rounds add none: what was stored is the browser's hits, and the few still in flight.
    expect(result.viewsStored).toBeGreaterThanOrEqual(result.countedRequests);
    expect(result.viewsStored).toBeLessThanOrEqual(result.countedRequests + 4 * 2 * 2);
    expect(countedViewsText(result)).toContain("every one counted");
  } finally {
    await cleanUpServers();
  }
}, 300_000);
