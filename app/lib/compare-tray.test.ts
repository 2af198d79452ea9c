import { describe, expect, test } from "vitest";
import { readTray, toggleInTray } from "./compare-tray";

const tool = (slug: string) => ({ slug, name: slug.toUpperCase() });

describe("readTray", () => {
  test("reads what was stored", () => {
    expect(readTray(JSON.stringify([tool("chatgpt"), tool("claude")]))).toEqual([tool("chatgpt"), tool("claude")]);
  });

  test("reads damaged, hand-edited or hostile values as a shorter or empty tray", () => {
    expect(readTray(null)).toEqual([]);
    expect(readTray("not json")).toEqual([]);
    expect(readTray(JSON.stringify({ slug: "a" }))).toEqual([]);
    expect(
      readTray(
        JSON.stringify([
          tool("ok"),
          { slug: "../admin", name: "x" },
          { slug: "fine", name: " " },
          { slug: 3, name: "x" },
          null,
          tool("ok"),
        ]),
      ),
    ).toEqual([tool("ok")]);
    expect(readTray(JSON.stringify(["a", "b", "c", "d", "e"].map(tool)))).toHaveLength(4);
  });
});

describe("toggleInTray", () => {
  test("adds a tool, takes it out again, and refuses a fifth", () => {
    const added = toggleInTray([tool("a")], tool("b"));
    expect(added).toEqual({ tray: [tool("a"), tool("b")], change: "added" });
    expect(toggleInTray(added.tray, tool("a"))).toEqual({ tray: [tool("b")], change: "removed" });
    const full = ["a", "b", "c", "d"].map(tool);
    expect(toggleInTray(full, tool("e"))).toEqual({ tray: full, change: "full" });
  });
});
