import { describe, expect, test } from "vitest";
import { changeAuthorText, changeTitle, describeChangeValue, toolEvent } from "~/lib/change-log";
import { changeSummary, diffToolFields, type ToolSnapshot } from "./change-log.server";

const base: ToolSnapshot = {
  name: "Quill",
  slug: "quill",
  category: "Writing",
  tagline: "Drafts letters.",
  description: "<p>Drafts letters.</p>",
  website: "https://quill.example.com",
  pricing: [{ plan: "Free", price: "$0", details: "Basic" }],
  pricingModel: "freemium",
  startingPrice: null,
  features: ["Drafts"],
  pros: [],
  cons: [],
  image: null,
  tags: ["API", "Chatbot"],
  metaTitle: null,
};

describe("diffToolFields", () => {
  test("finds nothing between equal snapshots, whatever the key order, tag order or empty text", () => {
    expect(
      diffToolFields(base, {
        ...base,
        pricing: [{ details: "Basic", price: "$0", plan: "Free" }],
        tags: ["Chatbot", "API"],
        startingPrice: "",
        image: "",
      }),
    ).toEqual([]);
  });

  test("lists each changed field once, with both values", () => {
    expect(
      diffToolFields(base, {
        ...base,
        name: "Quill Pro",
        pricing: [{ plan: "Free", price: "$5", details: "Basic" }],
        features: ["Drafts", "Edits"],
        tags: ["API"],
        metaTitle: "Quill Pro: letters",
      }),
    ).toEqual([
      { field: "name", before: "Quill", after: "Quill Pro" },
      {
        field: "pricing",
        before: [{ plan: "Free", price: "$0", details: "Basic" }],
        after: [{ plan: "Free", price: "$5", details: "Basic" }],
      },
      { field: "features", before: ["Drafts"], after: ["Drafts", "Edits"] },
      { field: "tags", before: ["API", "Chatbot"], after: ["API"] },
      { field: "metaTitle", before: null, after: "Quill Pro: letters" },
    ]);
  });

  test("ignores columns outside the logged fields", () => {
    const withExtras = { ...base, rating: 4, voteCount: 3 } as ToolSnapshot;
    expect(diffToolFields(base, withExtras)).toEqual([]);
  });
});

describe("how a change reads", () => {
  test("descriptions as text, long texts cut, lists as items, pricing summarized", () => {
    expect(describeChangeValue("description", "<p>Drafts <strong>letters</strong>&nbsp;fast.</p>")).toEqual({
      kind: "text",
      text: "Drafts letters fast.",
    });
    const long = describeChangeValue("tagline", "x".repeat(500));
    expect(long.kind === "text" && long.text.length).toBe(160);
    expect(describeChangeValue("features", ["A", "B"])).toEqual({ kind: "list", items: ["A", "B"] });
    expect(describeChangeValue("pricing", { Free: "$0", Pro: "$20/month" })).toEqual({
      kind: "list",
      items: ["Free: $0", "Pro: $20/month"],
    });
    expect(describeChangeValue("pricingModel", "free-trial")).toEqual({ kind: "text", text: "Free trial" });
    expect(describeChangeValue("status", "discontinued")).toEqual({ kind: "text", text: "Discontinued" });
    expect(describeChangeValue("website", null)).toEqual({ kind: "empty" });
    expect(describeChangeValue("features", [])).toEqual({ kind: "empty" });
  });

  test("names the admin, never an email, and an accepted proposal as such", () => {
    expect(changeAuthorText("admin", "Ada")).toBe("Ada");
    expect(changeAuthorText("admin", "ada@example.com")).toBe("an administrator");
    expect(changeAuthorText("proposal", "Ada")).toBe("AI proposal accepted by Ada");
    expect(changeAuthorText("proposal", "ada@example.com")).toBe("AI proposal accepted by an administrator");
  });

  test("sums a change up on one line", () => {
    expect(
      changeSummary({
        toolName: "Quill",
        event: null,
        fieldLabel: "Pricing model",
        before: describeChangeValue("pricingModel", "free"),
        after: describeChangeValue("pricingModel", "paid"),
      }),
    ).toBe("Pricing model: Free → Paid");
    expect(
      changeSummary({
        toolName: "Quill",
        event: null,
        fieldLabel: "Website",
        before: { kind: "empty" },
        after: { kind: "text", text: "x" },
      }),
    ).toBe("Website: (none) → x");
  });

  test("reads a change of status as what happened to the tool (decision 185)", () => {
    const status = (before: unknown, after: unknown) => {
      const event = toolEvent("status", before, after);
      const entry = { toolName: "Quill", event, fieldLabel: "Status" };
      return [
        event,
        changeTitle(entry),
        changeSummary({ ...entry, before: { kind: "empty" }, after: { kind: "empty" } }),
      ];
    };
    expect(status(null, "active")).toEqual(["added", "Added to the directory", "Quill was added to the directory"]);
    expect(status("active", "discontinued")).toEqual([
      "discontinued",
      "Marked discontinued",
      "Quill was marked discontinued",
    ]);
    expect(status("discontinued", "active")).toEqual(["restored", "Listed again", "Quill is listed again"]);
    // Any other field, whatever its values, is a field that changed.
    expect(toolEvent("tagline", "active", "discontinued")).toBeNull();
    expect(changeTitle({ event: null, fieldLabel: "Pricing" })).toBe("Pricing changed");
  });
});
