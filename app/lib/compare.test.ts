import { describe, expect, it } from "vitest";
import {
  choosePairSplit,
  comparableKey,
  compareDescription,
  comparePairPath,
  comparePath,
  compareRows,
  compareTitle,
  MAX_PAIR_SPLITS,
  pairSplits,
  parseCompareList,
  valuesDiffer,
  type ComparedTool,
} from "./compare";

const parse = (search: string) => parseCompareList(new URLSearchParams(search));

function tool(overrides: Partial<ComparedTool> & { slug: string }): ComparedTool {
  return {
    id: `id-${overrides.slug}`,
    name: overrides.slug,
    image: null,
    tagline: "Writes for you",
    category: "Writing",
    rating: 4.5,
    voteCount: 10,
    pricingModel: "freemium",
    startingPrice: "$10/month",
    pricing: [{ plan: "Pro", price: "$10/month", details: "For one person" }],
    features: ["Drafts", "Summaries"],
    pros: ["Fast"],
    cons: ["Pricey"],
    website: "https://example.com",
    tags: [{ slug: "api", name: "API" }],
    facts: {},
    ...overrides,
  };
}

describe("comparePairPath and comparePath", () => {
  it("puts a pair in alphabetical order, whichever order it is given in", () => {
    expect(comparePairPath("midjourney", "chatgpt")).toBe("/compare/chatgpt-vs-midjourney");
    expect(comparePairPath("chatgpt", "midjourney")).toBe("/compare/chatgpt-vs-midjourney");
  });

  it("orders by code unit, so digits and hyphens sort before letters", () => {
    expect(comparePairPath("a-b", "a1")).toBe("/compare/a-b-vs-a1");
    expect(comparePairPath("z", "2d")).toBe("/compare/2d-vs-z");
  });

  it("gives two tools their pair address and larger sets a sorted tools= list", () => {
    expect(comparePath(["claude", "chatgpt"])).toBe("/compare/chatgpt-vs-claude");
    expect(comparePath(["runway", "claude", "chatgpt"])).toBe("/compare?tools=chatgpt,claude,runway");
    expect(comparePath(["d", "c", "b", "a"])).toBe("/compare?tools=a,b,c,d");
  });
});

describe("pairSplits", () => {
  it("cuts at the one -vs-", () => {
    expect(pairSplits("chatgpt-vs-claude")).toEqual([["chatgpt", "claude"]]);
  });

  it("tries every -vs-, overlapping ones too, leftmost first", () => {
    expect(pairSplits("a-vs-b-vs-c")).toEqual([
      ["a", "b-vs-c"],
      ["a-vs-b", "c"],
    ]);
    expect(pairSplits("a-vs-vs-b")).toEqual([
      ["a", "vs-b"],
      ["a-vs", "b"],
    ]);
  });

  it("reads the segment in slug form", () => {
    expect(pairSplits("ChatGPT-VS-Claude")).toEqual([["chatgpt", "claude"]]);
    expect(pairSplits("Stable Diffusion-vs-Midjourney")).toEqual([["stable-diffusion", "midjourney"]]);
  });

  it("finds nothing without two sides, or with the same tool twice", () => {
    expect(pairSplits("chatgpt")).toEqual([]);
    expect(pairSplits("vs-chatgpt")).toEqual([]);
    expect(pairSplits("chatgpt-vs-")).toEqual([]);
    expect(pairSplits("-vs-")).toEqual([]);
    expect(pairSplits("chatgpt-vs-chatgpt")).toEqual([]);
  });

  it("is bounded: a long segment or many separators cost no more than the cap", () => {
    expect(pairSplits(`${"a-vs-".repeat(50)}b`)).toHaveLength(MAX_PAIR_SPLITS);
    expect(pairSplits(`${"a".repeat(401)}-vs-b`)).toEqual([]);
  });
});

describe("choosePairSplit", () => {
  const splits: [string, string][] = [
    ["z", "a-vs-b"],
    ["z-vs-a", "b"],
  ];

  it("is null when no cut names two tools", () => {
    expect(choosePairSplit(splits, (slug) => slug === "z")).toBeNull();
  });

  it("prefers a cut already in alphabetical order, so a canonical address never redirects", () => {
    const all = new Set(["b", "a-vs-c", "b-vs-a", "c"]);
    expect(choosePairSplit(pairSplits("b-vs-a-vs-c"), (slug) => all.has(slug))).toEqual(["b-vs-a", "c"]);
  });

  it("takes the leftmost known cut when none is in order", () => {
    const all = new Set(["z", "a-vs-b", "z-vs-a", "b"]);
    expect(choosePairSplit(splits, (slug) => all.has(slug))).toEqual(["z", "a-vs-b"]);
  });
});

describe("parseCompareList", () => {
  it("reads a comma list in slug form, each tool once, in the order given", () => {
    expect(parse("tools=claude,ChatGPT,%20Stable%20Diffusion%20,claude")).toEqual({
      slugs: ["claude", "chatgpt", "stable-diffusion"],
      problem: null,
    });
  });

  it("reads repeated tools= and skips empty entries", () => {
    expect(parse("tools=a&tools=b,,c&tools=")).toEqual({ slugs: ["a", "b", "c"], problem: null });
  });

  it("names what is wrong with the count", () => {
    expect(parse("").problem).toBe("none-given");
    expect(parse("tools=").problem).toBe("none-given");
    expect(parse("tools=,%20,").problem).toBe("none-given");
    expect(parse("tools=chatgpt").problem).toBe("too-few");
    expect(parse("tools=chatgpt,CHATGPT").problem).toBe("too-few");
    expect(parse("tools=a,b,c,d").problem).toBeNull();
    expect(parse("tools=a,b,c,d,e").problem).toBe("too-many");
  });

  it("keeps a long list short", () => {
    const many = Array.from({ length: 1000 }, (_, index) => `t${index}`).join(",");
    const list = parse(`tools=${many}`);
    expect(list.problem).toBe("too-many");
    expect(list.slugs).toEqual(["t0", "t1", "t2", "t3", "t4"]);
  });
});

describe("title and description", () => {
  it("joins the names with vs", () => {
    expect(compareTitle(["ChatGPT", "Claude"])).toBe("ChatGPT vs Claude: AI Tool Comparison");
    expect(compareTitle(["A", "B", "C", "D"])).toBe("A vs B vs C vs D: AI Tool Comparison");
  });

  it("lists the names in a sentence", () => {
    expect(compareDescription(["ChatGPT", "Claude"])).toMatch(/^Compare ChatGPT and Claude side by side: /);
    expect(compareDescription(["A", "B", "C"])).toMatch(/^Compare A, B and C side by side: /);
  });
});

describe("valuesDiffer", () => {
  it("ignores case, extra spaces and the order of a list", () => {
    expect(valuesDiffer(["Free  plan", " free plan"])).toBe(false);
    expect(
      valuesDiffer([
        ["Drafts", "Summaries"],
        ["summaries", "drafts"],
      ]),
    ).toBe(false);
    expect(valuesDiffer([["Drafts"], ["Drafts", "Summaries"]])).toBe(true);
    expect(valuesDiffer(["Free", "Paid"])).toBe(true);
  });

  it("reads nothing, empty text and an empty list alike", () => {
    expect(comparableKey(null)).toBe(comparableKey(""));
    expect(comparableKey([])).toBe(comparableKey(null));
    expect(valuesDiffer([null, "", []])).toBe(false);
    expect(valuesDiffer([null, "Something"])).toBe(true);
  });
});

describe("compareRows", () => {
  it("tells a known fact from an unknown one, and a list of platforms as a set", () => {
    const fact = { items: [], detail: "", sourceUrl: "https://a.example", checkedAt: "2026-11-01" };
    const yes = { ...fact, value: "yes" as const };
    const differs = (a: ComparedTool["facts"], b: ComparedTool["facts"], key: string) =>
      compareRows([tool({ slug: "a", facts: a }), tool({ slug: "b", facts: b })]).find((row) => row.key === key)!
        .differs;
    expect(differs({ api: yes }, { api: yes }, "api")).toBe(false);
    expect(differs({ api: yes }, { api: { ...fact, value: "no" } }, "api")).toBe(true);
    expect(differs({ api: yes }, {}, "api")).toBe(true);
    const on = (items: string[]) => ({ platforms: { ...fact, value: null, items } });
    expect(differs(on(["web", "ios"]), on(["ios", "web"]), "platforms")).toBe(false);
    // Known to run on none is not the same as not known.
    expect(differs(on([]), {}, "platforms")).toBe(true);
  });

  it("marks no row for identical tools", () => {
    const rows = compareRows([tool({ slug: "a" }), tool({ slug: "b", name: "B" })]);
    expect(rows.filter((row) => row.differs)).toEqual([]);
    expect(rows.map((row) => row.key)).toEqual([
      "tagline",
      "category",
      "rating",
      "pricing",
      "plans",
      "free_plan",
      "api",
      "open_source",
      "self_hostable",
      "platforms",
      "trains_on_your_data",
      "certifications",
      "features",
      "pros",
      "cons",
      "tags",
      "website",
    ]);
  });

  it("marks exactly the rows where one of the tools differs", () => {
    const rows = compareRows([
      tool({ slug: "a" }),
      tool({ slug: "b" }),
      tool({
        slug: "c",
        voteCount: 11,
        pricing: { Pro: "$10/month" },
        features: ["Summaries", "drafts"],
        tags: [
          { slug: "api", name: "API" },
          { slug: "mobile-app", name: "Mobile app" },
        ],
        website: "https://example.com/",
      }),
    ]);
    expect(rows.filter((row) => row.differs).map((row) => row.key)).toEqual(["rating", "plans", "tags"]);
  });

  it("compares the rating as shown: one decimal, or N/A", () => {
    const shownAlike = compareRows([tool({ slug: "a", rating: 4.51 }), tool({ slug: "b", rating: 4.49 })]);
    expect(shownAlike.find((row) => row.key === "rating")?.differs).toBe(false);
    const unrated = compareRows([tool({ slug: "a", rating: null }), tool({ slug: "b", rating: 4.5 })]);
    expect(unrated.find((row) => row.key === "rating")?.differs).toBe(true);
  });

  it("keeps a pricing model apart from a starting price that reads the same", () => {
    const rows = compareRows([
      tool({ slug: "a", pricingModel: "free", startingPrice: null }),
      tool({ slug: "b", pricingModel: null, startingPrice: "free" }),
    ]);
    expect(rows.find((row) => row.key === "pricing")?.differs).toBe(true);
  });
});
