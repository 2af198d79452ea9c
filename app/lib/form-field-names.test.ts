import { describe, expect, it } from "vitest";
import { ARTICLE_FIELDS, articleFormSchema } from "./article-form";
import { TOOL_FIELDS, toolFormSchema } from "./tool-form";

// The admin forms name their fields one way, the code's (camelCase, like the Drizzle columns'
// TypeScript names): what a form posts, what its schema reads and the keys of its messages. The
// spec's snake_case names stay the database's column names.

const camelCase = /^[a-z][a-zA-Z0-9]*$/;

describe("the admin forms' field names", () => {
  it("are camelCase in the article form: posted names and schema keys alike", () => {
    for (const name of [...ARTICLE_FIELDS, ...Object.keys(articleFormSchema.shape)]) expect(name).toMatch(camelCase);
    expect(ARTICLE_FIELDS).toEqual(
      expect.arrayContaining(["readTime", "metaTitle", "metaDescription", "metaKeywords"]),
    );
  });

  it("are camelCase in the tool form, each part of a row's dotted name too", () => {
    const posted = Object.values(TOOL_FIELDS).flatMap((name) => name.split("."));
    for (const name of [...posted, ...Object.keys(toolFormSchema.shape)]) expect(name).toMatch(camelCase);
  });

  it("name the same thing the same way in both forms", () => {
    const shared = Object.keys(articleFormSchema.shape).filter((name) => name in toolFormSchema.shape);
    expect(shared.sort()).toEqual(["category", "image", "metaTitle", "slug"]);
  });
});
