import { describe, expect, it } from "vitest";
import {
  describeToolList,
  effectiveSort,
  hiddenFilterFields,
  MAX_TAG_FILTERS,
  parseToolFilters,
  toolFiltersSearch,
  type ToolFilters,
} from "./tool-filters";

const parse = (search: string) => parseToolFilters(new URLSearchParams(search));

describe("parseToolFilters", () => {
  it("reads every filter, repeated pricing and tags included", () => {
    expect(
      parse(
        "q=+logo+&category=Image&pricing=free&pricing=freemium&tag=api&tag=mobile-app&has=open-source&has=api&platform=ios&sort=name&page=3",
      ),
    ).toEqual({
      query: "logo",
      category: "Image",
      pricing: ["free", "freemium"],
      tags: ["api", "mobile-app"],
      has: ["api", "open-source"],
      platforms: ["ios"],
      sort: "name",
      page: 3,
      discontinued: false,
    });
  });

  it("drops what it does not know instead of failing", () => {
    expect(
      parse(
        "category=Nonsense&category=All&pricing=cheap&tag=Not%20A%20Slug&tag=ok&has=teleport&platform=amiga&sort=best&page=-2",
      ),
    ).toEqual({
      query: "",
      category: null,
      pricing: [],
      tags: ["ok"],
      has: [],
      platforms: [],
      sort: null,
      page: 1,
      discontinued: false,
    });
  });

  it("reads ?status=discontinued as the graveyard, and any other status as the listed tools", () => {
    expect(parse("status=discontinued").discontinued).toBe(true);
    expect(parse("status=dead").discontinued).toBe(false);
  });

  it("keeps each tag once and at most a handful", () => {
    const many = Array.from({ length: MAX_TAG_FILTERS + 3 }, (_, index) => `tag=t${index}`).join("&");
    expect(parse(`tag=a&tag=a&${many}`).tags).toHaveLength(MAX_TAG_FILTERS);
    expect(parse("tag=a&tag=a").tags).toEqual(["a"]);
  });
});

describe("effectiveSort", () => {
  it("is the visitor's choice, else relevance for a text, else the page's default", () => {
    expect(effectiveSort({ query: "", sort: "name" }, "newest")).toBe("name");
    expect(effectiveSort({ query: "logo", sort: null }, "newest")).toBe("relevance");
    expect(effectiveSort({ query: "", sort: null }, "top-rated")).toBe("top-rated");
    // Relevance needs a text to rank by.
    expect(effectiveSort({ query: "", sort: "relevance" }, "newest")).toBe("newest");
  });
});

describe("toolFiltersSearch", () => {
  it("writes the same address for the same view, whatever order it was chosen in", () => {
    const a = toolFiltersSearch({ query: "x", pricing: ["paid", "free"], tags: ["b", "a"], sort: "name", page: 2 });
    const b = toolFiltersSearch({ query: "x", pricing: ["free", "paid"], tags: ["a", "b"], sort: "name", page: 2 });
    expect(a).toBe(b);
    expect(a).toBe("q=x&pricing=free&pricing=paid&tag=a&tag=b&sort=name&page=2");
    expect(toolFiltersSearch({ category: "Image", page: 1 })).toBe("category=Image");
    expect(toolFiltersSearch({ has: ["open-source", "api"], platforms: ["linux", "ios"] })).toBe(
      "has=api&has=open-source&platform=ios&platform=linux",
    );
    expect(toolFiltersSearch({ category: "Image" }, { keepCategory: false })).toBe("");
  });
});

describe("describeToolList", () => {
  const filters = (change: Partial<ToolFilters>): ToolFilters => ({
    query: "",
    category: null,
    pricing: [],
    tags: [],
    sort: null,
    page: 1,
    ...change,
  });

  it("says what is shown", () => {
    expect(describeToolList({ filters: filters({}), category: null, tagNames: [] })).toBe("All AI Tools");
    expect(describeToolList({ filters: filters({}), category: "Image", tagNames: [] })).toBe("Image AI Tools");
    expect(
      describeToolList({
        filters: filters({ pricing: ["free"], query: "logo" }),
        category: "Image",
        tagNames: [],
      }),
    ).toBe("Free Image AI Tools matching “logo”");
    expect(
      describeToolList({
        filters: filters({ pricing: ["free", "freemium"] }),
        category: null,
        tagNames: ["Transcription", "API"],
      }),
    ).toBe("Free or Freemium AI Tools tagged Transcription and API");
    expect(describeToolList({ filters: filters({ has: ["api"] }), category: null, tagNames: [] })).toBe(
      "AI Tools with an API",
    );
    expect(
      describeToolList({
        filters: filters({ has: ["api", "open-source"], platforms: ["ios", "android"] }),
        category: "Audio",
        tagNames: ["Transcription"],
      }),
    ).toBe("Audio AI Tools tagged Transcription with an API and open source code on iOS and Android");
  });
});

describe("hiddenFilterFields", () => {
  it("carries every filter but the text and the page through a search form", () => {
    expect(
      hiddenFilterFields({
        query: "x",
        category: "Audio",
        pricing: ["free"],
        tags: ["api"],
        has: ["api"],
        platforms: ["web"],
        sort: "top-rated",
        page: 4,
      }),
    ).toEqual([
      ["category", "Audio"],
      ["pricing", "free"],
      ["tag", "api"],
      ["has", "api"],
      ["platform", "web"],
      ["sort", "top-rated"],
    ]);
  });
});

describe("the discontinued view", () => {
  const graveyard = { ...parse("category=Image&tag=api"), discontinued: true };
  it("is its own address, kept by the search box and named in the heading", () => {
    expect(toolFiltersSearch(graveyard)).toBe("category=Image&tag=api&status=discontinued");
    expect(hiddenFilterFields(graveyard)).toContainEqual(["status", "discontinued"]);
    expect(describeToolList({ filters: graveyard, category: "Image", tagNames: ["API"] })).toBe(
      "Discontinued Image AI Tools tagged API",
    );
    expect(describeToolList({ filters: { ...parse(""), discontinued: true }, category: null, tagNames: [] })).toBe(
      "Discontinued AI Tools",
    );
  });
});
