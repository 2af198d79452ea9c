import { describe, expect, test } from "vitest";
import { fieldErrorsOf } from "./form-fields";
import { TOOL_FIELDS, toolFormInputFrom, toolFormProblem, toolFormSchema, type ToolFormInput } from "./tool-form";

const valid: ToolFormInput = {
  name: "Quill",
  category: "Writing",
  description: "<p>Drafts letters.</p>",
  image: "",
  website: "",
  slug: "",
  metaTitle: "",
  features: ["Drafts"],
  pros: [],
  cons: [],
  pricing: { shape: "none" },
  tagline: "Drafts letters for you.",
  pricingModel: "freemium",
  tags: [],
};

function errorsFor(overrides: Partial<ToolFormInput>) {
  const result = toolFormSchema.safeParse({ ...valid, ...overrides });
  return result.success ? {} : fieldErrorsOf(result.error);
}

describe("toolFormSchema", () => {
  test("accepts the smallest valid form and fills blanks with null", () => {
    expect(toolFormSchema.parse(valid)).toEqual({
      ...valid,
      image: null,
      website: null,
      metaTitle: null,
      pricing: null,
    });
  });

  test("accepts a plain http(s) website, on a domain or an address, parentheses and all", () => {
    for (const website of [
      "https://quill.example.com",
      "http://127.0.0.1:3231/gone/quill",
      "https://en.wikipedia.org/wiki/Quill_(software)?a=1&b=[2]#top",
      "https://bücher.example/",
    ])
      expect(errorsFor({ website })).toEqual({});
  });

  test.each<[string, Partial<ToolFormInput>, Record<string, string>]>([
    ["a blank name", { name: "   " }, { name: "Name is required" }],
    ["a long name", { name: "x".repeat(121) }, { name: "Name must be at most 120 characters" }],
    ["a blank category", { category: "" }, { category: "Category is required" }],
    ["'All' as a category", { category: "All" }, { category: "Choose a category from the list" }],
    ["an unknown category", { category: "Cooking" }, { category: "Choose a category from the list" }],
    ["a blank description", { description: "" }, { description: "Description is required" }],
    ["a description of empty tags", { description: "<p> &nbsp; </p><br>" }, { description: "Description is required" }],
    ["a javascript: logo", { image: "javascript:alert(1)" }, { image: "Must be a valid URL" }],
    ["a data: logo", { image: "data:image/png;base64,AAAA" }, { image: "Must be a valid URL" }],
    ["a logo that is not a URL", { image: "logo.png" }, { image: "Must be a valid URL" }],
    ["a protocol-relative logo", { image: "//evil.example/x.png" }, { image: "Must be a valid URL" }],
    ["a site path as website", { website: "/tools/quill" }, { website: "Must be a valid URL" }],
    ["an ftp website", { website: "ftp://quill.example" }, { website: "Must be a valid URL" }],
    ["a javascript: website", { website: "javascript:alert(1)" }, { website: "Must be a valid URL" }],
    ["a website without slashes", { website: "https:quill.example" }, { website: "Must be a valid URL" }],
    [
      "a website that would end its Markdown link",
      { website: "https://x.com/x>[evil](javascript:alert('web'))<x" },
      { website: "Website must not contain spaces, quotes, angle brackets or backticks" },
    ],
    [
      "a website with a space",
      { website: "https://quill.example/a b" },
      { website: "Website must not contain spaces, quotes, angle brackets or backticks" },
    ],
    [
      "a website with a backtick",
      { website: "https://quill.example/`x`" },
      { website: "Website must not contain spaces, quotes, angle brackets or backticks" },
    ],
    [
      "a website with a quote",
      { website: 'https://quill.example/"x' },
      { website: "Website must not contain spaces, quotes, angle brackets or backticks" },
    ],
    [
      "a website with a user name",
      { website: "https://good.example@evil.example" },
      { website: "Website must not contain a user name or password" },
    ],
    [
      "a website on a single word",
      { website: "https://intranet/" },
      { website: "Website must name a real host, such as example.com" },
    ],
    [
      "a website on a malformed host",
      { website: "https://-quill-.example" },
      { website: "Website must name a real host, such as example.com" },
    ],
    ["a logo with a space", { image: "https://cdn.example/a b.png" }, { image: "Must be a valid URL" }],
    ["a logo with a user name", { image: "https://me:pw@cdn.example/a.png" }, { image: "Must be a valid URL" }],
    ["a slug without letters", { slug: "!!!" }, { slug: "Slug must contain letters or numbers" }],
    [
      "a slug shaped like an id",
      { slug: "6F9619FF-8B86-4D01-B42D-00CF4FC964FF" },
      { slug: "Slug cannot look like a tool id" },
    ],
    ["a long SEO title", { metaTitle: "x".repeat(121) }, { metaTitle: "SEO title must be at most 120 characters" }],
    ["no features", { features: [] }, { features: "At least one feature is required" }],
    ["only blank features", { features: ["", "  "] }, { features: "At least one feature is required" }],
    [
      "a long feature",
      { features: ["ok", "x".repeat(301)] },
      { "features.1": "Each feature must be at most 300 characters" },
    ],
    ["a repeated pro", { pros: ["Fast", "", "Fast"] }, { "pros.2": "This pro is already in the list" }],
    ["too many cons", { cons: Array.from({ length: 51 }, (_, index) => `Con ${index}`) }, { cons: "At most 50 cons" }],
    [
      "a plan without a name",
      { pricing: { shape: "plans", plans: [{ plan: "", price: "$5", details: "", features: "" }] } },
      { "pricing.plans.0.plan": "Plan name is required" },
    ],
    [
      "two plans of one name",
      {
        pricing: {
          shape: "plans",
          plans: [
            { plan: "Pro", price: "$5", details: "", features: "" },
            { plan: "Pro", price: "$9", details: "", features: "" },
          ],
        },
      },
      { "pricing.plans.1.plan": "Each plan needs a different name" },
    ],
    [
      "too many features in a plan",
      {
        pricing: {
          shape: "plans",
          plans: [
            { plan: "Pro", price: "", details: "", features: Array.from({ length: 21 }, (_, i) => `f${i}`).join("\n") },
          ],
        },
      },
      { "pricing.plans.0.features": "At most 20 features per plan" },
    ],
    [
      "a simple entry without text",
      { pricing: { shape: "simple", entries: [{ plan: "Free", price: "" }] } },
      { "pricing.entries.0.price": "Price is required" },
    ],
    [
      "a simple entry without a name",
      { pricing: { shape: "simple", entries: [{ plan: "", price: "$0" }] } },
      { "pricing.entries.0.plan": "Plan name is required" },
    ],
    ["no tagline", { tagline: "" }, { tagline: "Tagline is required" }],
    ["a blank tagline", { tagline: " \n\t " }, { tagline: "Tagline is required" }],
    ["a long tagline", { tagline: "x".repeat(121) }, { tagline: "Tagline must be at most 120 characters" }],
    ["no pricing model", { pricingModel: "" }, { pricingModel: "Pricing model is required" }],
    [
      "an unknown pricing model",
      { pricingModel: "subscription" },
      { pricingModel: "Choose a pricing model from the list" },
    ],
    [
      "a label as pricing model",
      { pricingModel: "Free trial" },
      { pricingModel: "Choose a pricing model from the list" },
    ],
    [
      "more than 10 tags",
      { tags: Array.from({ length: 11 }, (_, index) => `tag-${index}`) },
      { tags: "At most 10 tags" },
    ],
    ["a tag value far too long to name one", { tags: ["x".repeat(201)] }, { "tags.0": "Choose tags from the list" }],
    [
      "an unknown pricing shape",
      { pricing: { shape: "table" } as never },
      { "pricing.shape": "Choose how pricing is shown" },
    ],
  ])("refuses %s", (_label, overrides, expected) => {
    expect(errorsFor(overrides)).toEqual(expected);
  });

  test("drops blank rows, keeps pros and cons empty, and normalises a typed slug", () => {
    expect(
      toolFormSchema.parse({ ...valid, features: ["", " Drafts ", ""], pros: [""], cons: [], slug: "  Quill Pen! " }),
    ).toMatchObject({
      features: ["Drafts"],
      pros: [],
      cons: [],
      slug: "quill-pen",
    });
  });

  test("reads a site path as a logo (what the local upload returns)", () => {
    expect(toolFormSchema.parse({ ...valid, image: "/uploads/tool-logos/a.webp" }).image).toBe(
      "/uploads/tool-logos/a.webp",
    );
  });

  test("outputs both pricing shapes", () => {
    expect(
      toolFormSchema.parse({
        ...valid,
        pricing: { shape: "plans", plans: [{ plan: " Pro ", price: "$20", details: "All", features: "A\r\n\nB" }] },
      }).pricing,
    ).toEqual([{ plan: "Pro", price: "$20", details: "All", features: ["A", "B"] }]);
    expect(
      toolFormSchema.parse({
        ...valid,
        pricing: {
          shape: "simple",
          entries: [
            { plan: "Free", price: "$0" },
            { plan: "", price: "" },
          ],
        },
      }).pricing,
    ).toEqual({ Free: "$0" });
  });

  test("refuses __proto__ as a plan name (it would vanish from the map shape)", () => {
    expect(errorsFor({ pricing: { shape: "simple", entries: [{ plan: "__proto__", price: "$1" }] } })).toEqual({
      "pricing.entries.0.plan": "This plan name is not allowed",
    });
    expect(
      toolFormSchema.parse({ ...valid, pricing: { shape: "simple", entries: [{ plan: "constructor", price: "$1" }] } })
        .pricing,
    ).toEqual({
      constructor: "$1",
    });
  });
});

describe("the catalogue facts", () => {
  test("keep the tagline on one line, trimmed, and accept exactly 120 characters", () => {
    expect(toolFormSchema.parse({ ...valid, tagline: "  Drafts\r\n letters   for you. " }).tagline).toBe(
      "Drafts letters for you.",
    );
    expect(toolFormSchema.parse({ ...valid, tagline: "x".repeat(120) }).tagline).toHaveLength(120);
  });

  test("accept each pricing model", () => {
    for (const pricingModel of ["free", "freemium", "free-trial", "paid", "contact"]) {
      expect(toolFormSchema.parse({ ...valid, pricingModel }).pricingModel).toBe(pricingModel);
    }
  });

  test("read tags once each, blanks dropped; ten of them are fine", () => {
    expect(toolFormSchema.parse({ ...valid, tags: ["api", "", "API", " open-source "] }).tags).toEqual([
      "api",
      "open-source",
    ]);
    const ten = Array.from({ length: 10 }, (_, index) => `tag-${index}`);
    expect(toolFormSchema.parse({ ...valid, tags: [...ten, "tag-0"] }).tags).toEqual(ten);
  });
});

describe("toolFormInputFrom", () => {
  test("reads repeated fields in order, both pricing shapes, and ignores files", () => {
    const form = new FormData();
    form.set("name", "Quill");
    form.append(TOOL_FIELDS.features, "One");
    form.append(TOOL_FIELDS.features, "");
    form.append(TOOL_FIELDS.features, "Three");
    form.set("image", new File(["x"], "x.png"));
    form.set(TOOL_FIELDS.pricingShape, "plans");
    form.append(TOOL_FIELDS.planName, "Free");
    form.append(TOOL_FIELDS.planName, "Pro");
    form.append(TOOL_FIELDS.planPrice, "$0");
    form.append(TOOL_FIELDS.planPrice, "$9");
    form.append(TOOL_FIELDS.planDetails, "");
    form.append(TOOL_FIELDS.planFeatures, "A\nB");
    form.set("tagline", "Drafts letters.");
    form.set("pricingModel", "paid");
    form.append(TOOL_FIELDS.tags, "api");
    form.append(TOOL_FIELDS.tags, "open-source");
    const input = toolFormInputFrom(form);
    expect(input).toMatchObject({
      name: "Quill",
      category: "",
      image: "",
      features: ["One", "", "Three"],
      pros: [],
      cons: [],
      tagline: "Drafts letters.",
      pricingModel: "paid",
      tags: ["api", "open-source"],
    });
    expect(input.pricing).toEqual({
      shape: "plans",
      plans: [
        { plan: "Free", price: "$0", details: "", features: "A\nB" },
        { plan: "Pro", price: "$9", details: "", features: "" },
      ],
    });

    form.set(TOOL_FIELDS.pricingShape, "simple");
    expect(toolFormInputFrom(form).pricing).toEqual({
      shape: "simple",
      entries: [
        { plan: "Free", price: "$0" },
        { plan: "Pro", price: "$9" },
      ],
    });
    form.delete(TOOL_FIELDS.pricingShape);
    expect(toolFormInputFrom(form).pricing).toEqual({ shape: "none" });
  });
});

describe("toolFormProblem", () => {
  test("names the one problem, or points at the fields when there are several", () => {
    expect(toolFormProblem({ name: "Name is required" })).toBe("Name is required");
    expect(toolFormProblem({ name: "Name is required", category: "Category is required" })).toBe(
      "Please correct the highlighted fields",
    );
  });
});
