import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.server";

describe("loadOnce", () => {
  it("runs the loader on the first call only and gives every caller its one result", async () => {
    let runs = 0;
    const load = loadOnce(async () => ({ run: ++runs }));
    expect(runs).toBe(0);
    const [first, second] = await Promise.all([load(), load()]);
    const third = await load();
    expect(runs).toBe(1);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });
});
