import { describe, expect, it } from "vitest";
import type { ResearchResult } from "./research";
import {
  applyResearch,
  descriptionHtmlFrom,
  NEW_TOOL_CATEGORY,
  pricingModelFrom,
  type CurrentToolFields,
  type TagChoice,
} from "./research-apply";
import { TOOL_FORM_LIMITS } from "./tool-form";

function researchResult({
  productInfo = {},
  marketResearch = {},
}: {
  productInfo?: Partial<ResearchResult["productInfo"]>;
  marketResearch?: Partial<ResearchResult["marketResearch"]>;
} = {}): ResearchResult {
  return {
    productInfo: {
      name: "Notion AI",
      description: "An assistant inside Notion.",
      website: "https://www.notion.so/product/ai",
      features: ["Q&A over your workspace", "Writing help"],
      pricing: { free: "Trial", pro: "$10 per member per month", enterprise: "Contact sales" },
      ...productInfo,
    },
    marketResearch: {
      competitors: ["Coda AI"],
      uniqueSellingPoints: ["Lives where your notes are", "No extra app"],
      targetAudience: "Teams",
      ...marketResearch,
    },
  };
}

const blankForm: CurrentToolFields = {
  name: "",
  category: "",
  image: "",
  website: "",
  cons: [],
  tagline: "",
  pricingModel: "",
  startingPrice: "",
  tags: [],
};
const storedTool: CurrentToolFields = {
  name: "Notion",
  category: "Productivity",
  image: "/uploads/tool-logos/notion.webp",
  website: "https://notion.so",
  cons: ["Slow on big pages"],
  tagline: "Notes and docs in one place.",
  pricingModel: "freemium",
  startingPrice: "$8/month",
  tags: ["id-notes"],
};

describe("applyResearch for a new tool", () => {
  it("drafts every field by the spec's rules: category 'Other', image from the website, no cons, selling points as pros", () => {
    const draft = applyResearch({ mode: "create", result: researchResult(), current: blankForm });
    expect(draft).toEqual({
      name: "Notion AI",
      category: NEW_TOOL_CATEGORY,
      description: "<p>An assistant inside Notion.</p>",
      image: "https://www.notion.so/product/ai",
      website: "https://www.notion.so/product/ai",
      features: ["Q&A over your workspace", "Writing help"],
      pros: ["Lives where your notes are", "No extra app"],
      cons: [],
      pricing: { Free: "Trial", Pro: "$10 per member per month", Enterprise: "Contact sales" },
      // A reply without the catalogue facts (an older model's) leaves them as the form had them.
      tagline: "",
      pricingModel: "",
      startingPrice: "",
      tags: [],
      proposedTags: [],
    });
    expect(NEW_TOOL_CATEGORY).toBe("Other");
  });

  it("drops the form's category, image and cons even when they were filled in", () => {
    const draft = applyResearch({ mode: "create", result: researchResult(), current: storedTool });
    expect(draft.category).toBe("Other");
    expect(draft.image).toBe("https://www.notion.so/product/ai");
    expect(draft.cons).toEqual([]);
  });

  it("keeps the typed name when the reply's is blank, and tidies and caps the reply's", () => {
    expect(
      applyResearch({
        mode: "create",
        result: researchResult({ productInfo: { name: "  \n " } }),
        current: { ...blankForm, name: "Typed" },
      }).name,
    ).toBe("Typed");
    expect(
      applyResearch({
        mode: "create",
        result: researchResult({ productInfo: { name: "  Notion \n AI " } }),
        current: blankForm,
      }).name,
    ).toBe("Notion AI");
    const long = applyResearch({
      mode: "create",
      result: researchResult({ productInfo: { name: "x".repeat(500) } }),
      current: blankForm,
    });
    expect(long.name).toHaveLength(TOOL_FORM_LIMITS.name);
  });
});

describe("applyResearch for an update", () => {
  it("keeps the name, category, image and cons, and replaces the rest", () => {
    const draft = applyResearch({
      mode: "update",
      result: researchResult({
        productInfo: { name: "Notion AI 2", website: "https://www.notion.com/product/ai", features: ["Agents"] },
        marketResearch: { uniqueSellingPoints: ["Agents that act"] },
      }),
      current: storedTool,
    });
    expect(draft).toEqual({
      name: "Notion",
      category: "Productivity",
      image: "/uploads/tool-logos/notion.webp",
      cons: ["Slow on big pages"],
      description: "<p>An assistant inside Notion.</p>",
      website: "https://www.notion.com/product/ai",
      features: ["Agents"],
      pros: ["Agents that act"],
      pricing: { Free: "Trial", Pro: "$10 per member per month", Enterprise: "Contact sales" },
      tagline: "Notes and docs in one place.",
      pricingModel: "freemium",
      startingPrice: "$8/month",
      tags: ["id-notes"],
      proposedTags: [],
    });
  });

  it("returns pricing null, so the form keeps its own, when the reply names no plan", () => {
    const draft = applyResearch({
      mode: "update",
      result: researchResult({ productInfo: { pricing: { free: "", pro: " ", enterprise: "" } } }),
      current: storedTool,
    });
    expect(draft.pricing).toBeNull();
  });
});

describe("the reply's website", () => {
  it.each(["javascript:alert(1)", "ftp://x", "data:text/html,<b>x</b>", "notion.so", "/relative/path", "", "   "])(
    "ignores %j: the form's website stays, and a new tool's image is not set to it",
    (website) => {
      const update = applyResearch({
        mode: "update",
        result: researchResult({ productInfo: { website } }),
        current: storedTool,
      });
      expect(update.website).toBe("https://notion.so");
      const created = applyResearch({
        mode: "create",
        result: researchResult({ productInfo: { website } }),
        current: { ...blankForm, website: "https://typed.example" },
      });
      expect(created.website).toBe("https://typed.example");
      expect(created.image).toBe("https://typed.example");
    },
  );

  it("trims an http(s) address before using it", () => {
    const draft = applyResearch({
      mode: "create",
      result: researchResult({ productInfo: { website: "  http://example.org/tool \n" } }),
      current: blankForm,
    });
    expect(draft.website).toBe("http://example.org/tool");
    expect(draft.image).toBe("http://example.org/tool");
  });
});

describe("descriptionHtmlFrom", () => {
  it("escapes markup in the reply, so it is shown as text and never run", () => {
    expect(descriptionHtmlFrom("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>");
    expect(descriptionHtmlFrom(`Nice <img src=x onerror="alert('x')"> & more`)).toBe(
      // Quotes need no escaping in text: without "<" no attribute can begin.
      `<p>Nice &lt;img src=x onerror="alert('x')"&gt; &amp; more</p>`,
    );
  });

  it("makes a paragraph of each block between blank lines, joining the lines inside one", () => {
    expect(descriptionHtmlFrom("First line\nsame paragraph.\n\n  \n\nSecond   paragraph.\n \nThird.")).toBe(
      "<p>First line same paragraph.</p>\n<p>Second paragraph.</p>\n<p>Third.</p>",
    );
  });

  it("gives nothing for a blank reply, and stays within the form's limit", () => {
    expect(descriptionHtmlFrom(" \n\n \t")).toBe("");
    expect(descriptionHtmlFrom("a".repeat(TOOL_FORM_LIMITS.description + 10)).length).toBeLessThanOrEqual(
      TOOL_FORM_LIMITS.description,
    );
  });

  it("is what applyResearch puts in the Description field", () => {
    const draft = applyResearch({
      mode: "update",
      result: researchResult({ productInfo: { description: "<b>Bold</b>\n\nclaim" } }),
      current: storedTool,
    });
    expect(draft.description).toBe("<p>&lt;b&gt;Bold&lt;/b&gt;</p>\n<p>claim</p>");
  });
});

describe("lists (features and pros)", () => {
  it("trims rows, drops blanks and repeats, and keeps the order", () => {
    const draft = applyResearch({
      mode: "create",
      result: researchResult({
        productInfo: { features: ["  Search  ", "", "Search", "Chat\nwith  docs", "   "] },
        marketResearch: { uniqueSellingPoints: ["Fast", "Fast ", "Cheap"] },
      }),
      current: blankForm,
    });
    expect(draft.features).toEqual(["Search", "Chat with docs"]);
    expect(draft.pros).toEqual(["Fast", "Cheap"]);
  });

  it("keeps each row and the number of rows within the form's limits", () => {
    const many = Array.from({ length: TOOL_FORM_LIMITS.listRows + 5 }, (_, index) => `Feature ${index + 1}`);
    const draft = applyResearch({
      mode: "create",
      result: researchResult({
        productInfo: { features: many },
        marketResearch: { uniqueSellingPoints: ["y".repeat(TOOL_FORM_LIMITS.listRowLength + 50)] },
      }),
      current: blankForm,
    });
    expect(draft.features).toHaveLength(TOOL_FORM_LIMITS.listRows);
    expect(draft.features.at(-1)).toBe(`Feature ${TOOL_FORM_LIMITS.listRows}`);
    expect(draft.pros).toEqual(["y".repeat(TOOL_FORM_LIMITS.listRowLength)]);
  });
});

describe("pricing", () => {
  const pricingOf = (pricing: ResearchResult["productInfo"]["pricing"]) =>
    applyResearch({ mode: "create", result: researchResult({ productInfo: { pricing } }), current: blankForm }).pricing;

  it("maps free, pro and enterprise to the plans Free, Pro and Enterprise", () => {
    expect(pricingOf({ free: "Free forever", pro: "$8/month", enterprise: "Custom" })).toEqual({
      Free: "Free forever",
      Pro: "$8/month",
      Enterprise: "Custom",
    });
  });

  it.each(["", "  ", "N/A", "n/a", "NA", "None", "unknown", "Not available.", "-"])(
    "drops a plan whose text is %j",
    (text) => {
      expect(pricingOf({ free: text, pro: "$8/month", enterprise: "Custom" })).toEqual({
        Pro: "$8/month",
        Enterprise: "Custom",
      });
    },
  );

  it("is null when no plan is left", () => {
    expect(pricingOf({ free: "N/A", pro: "", enterprise: "none" })).toBeNull();
  });

  it("tidies and caps each plan's text", () => {
    expect(
      pricingOf({ free: " Free \n tier ", pro: "p".repeat(TOOL_FORM_LIMITS.planPrice + 20), enterprise: "" }),
    ).toEqual({
      Free: "Free tier",
      Pro: "p".repeat(TOOL_FORM_LIMITS.planPrice),
    });
  });
});

describe("what the reply carries beyond the schema", () => {
  it("is never applied", () => {
    const result = researchResult();
    const smuggled = {
      ...result,
      rating: 5,
      category: "Finance",
      cons: ["Made up"],
      productInfo: {
        ...result.productInfo,
        category: "Finance",
        rating: 5,
        image: "https://evil.example/x.png",
        slug: "evil",
        cons: ["Made up"],
      },
    } as ResearchResult;
    const created = applyResearch({ mode: "create", result: smuggled, current: blankForm });
    const updated = applyResearch({ mode: "update", result: smuggled, current: storedTool });

    expect(created.category).toBe("Other");
    expect(created.image).toBe(result.productInfo.website);
    expect(created.cons).toEqual([]);
    expect(updated.category).toBe("Productivity");
    expect(updated.image).toBe(storedTool.image);
    expect(updated.cons).toEqual(storedTool.cons);
    for (const draft of [created, updated]) {
      expect(Object.keys(draft).sort()).toEqual([
        "category",
        "cons",
        "description",
        "features",
        "image",
        "name",
        "pricing",
        "pricingModel",
        "proposedTags",
        "pros",
        "startingPrice",
        "tagline",
        "tags",
        "website",
      ]);
      expect(JSON.stringify(draft)).not.toMatch(/Finance|rating|evil|Made up/);
    }
  });
});

describe("the catalogue facts", () => {
  const choices: TagChoice[] = [
    { id: "id-api", slug: "api", name: "API" },
    { id: "id-notes", slug: "note-taking", name: "Note taking" },
    { id: "id-teams", slug: "team-plans", name: "Team plans" },
  ];

  it("fills the tagline, pricing model and starting price, and checks the suggested tags that exist", () => {
    const result = researchResult({
      productInfo: {
        tagline: "  Answers questions\n about your workspace. ",
        pricingModel: "freemium",
        startingPrice: " $10/month ",
        tags: ["api", "Team Plans", "note-taking", "Knowledge base", "knowledge  base", " ", "Wikis"],
      },
    });
    const created = applyResearch({ mode: "create", result, current: blankForm, tagChoices: choices });
    expect(created).toMatchObject({
      tagline: "Answers questions about your workspace.",
      pricingModel: "freemium",
      startingPrice: "$10/month",
      tags: ["id-api", "id-teams", "id-notes"],
      proposedTags: ["Knowledge base", "Wikis"],
    });
    // An update keeps the tags already checked and adds the suggested ones once.
    const updated = applyResearch({ mode: "update", result, current: storedTool, tagChoices: choices });
    expect(updated.tags).toEqual(["id-notes", "id-api", "id-teams"]);
    expect(updated.tagline).toBe("Answers questions about your workspace.");
  });

  it("keeps the form's facts when the reply leaves them blank or gives a pricing model of its own", () => {
    const draft = applyResearch({
      mode: "update",
      result: researchResult({
        productInfo: { tagline: " ", pricingModel: "subscription", startingPrice: "", tags: [] },
      }),
      current: storedTool,
      tagChoices: choices,
    });
    expect(draft).toMatchObject({
      tagline: storedTool.tagline,
      pricingModel: "freemium",
      startingPrice: "$8/month",
      tags: ["id-notes"],
      proposedTags: [],
    });
  });

  it("cuts a long tagline at a word within 120 characters and a starting price within 40", () => {
    const tagline = `${"word ".repeat(30)}end`;
    const draft = applyResearch({
      mode: "create",
      result: researchResult({ productInfo: { tagline, startingPrice: "p".repeat(60) } }),
      current: blankForm,
    });
    expect(draft.tagline.length).toBeLessThanOrEqual(TOOL_FORM_LIMITS.tagline);
    expect(draft.tagline).toMatch(/^(word )+word$/);
    expect(draft.startingPrice).toBe("p".repeat(40));
  });

  it("never checks more than the form's 10 tags", () => {
    const many: TagChoice[] = Array.from({ length: 12 }, (_, index) => ({
      id: `id-${index}`,
      slug: `tag-${index}`,
      name: `Tag ${index}`,
    }));
    const draft = applyResearch({
      mode: "update",
      result: researchResult({ productInfo: { tags: many.map((tag) => tag.name) } }),
      current: { ...storedTool, tags: ["id-notes"] },
      tagChoices: many,
    });
    expect(draft.tags).toHaveLength(TOOL_FORM_LIMITS.tags);
    expect(draft.tags[0]).toBe("id-notes");
  });

  it.each([
    ["free", "free"],
    ["Freemium", "freemium"],
    ["Free trial", "free-trial"],
    ["free_trial", "free-trial"],
    ["Contact sales", "contact"],
    ["PAID", "paid"],
    ["subscription", null],
    ["", null],
    [undefined, null],
  ])("reads the pricing model %j as %j", (text, expected) => {
    expect(pricingModelFrom(text)).toBe(expected);
  });
});
