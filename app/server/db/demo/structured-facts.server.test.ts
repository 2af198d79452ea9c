import { describe, expect, it } from "vitest";
import { isToolFactName, TOOL_FACTS } from "~/lib/tool-facts";
import { factSchema } from "~/lib/tool-facts-schema";
import { DEMO_FACTS_CHECKED_AT, demoStructuredFacts } from "./structured-facts.server";
import { demoTools } from "./tools.server";

describe("demoStructuredFacts", () => {
  it("gives every demo tool facts, and no other slug", () => {
    const slugs = demoTools.map((tool) => tool.slug);
    expect(slugs.filter((slug) => Object.keys(demoStructuredFacts[slug] ?? {}).length === 0)).toEqual([]);
    expect(Object.keys(demoStructuredFacts).filter((slug) => !slugs.includes(slug))).toEqual([]);
  });

  it("states each fact in its shape, with a source and the day it was checked", () => {
    const problems = Object.entries(demoStructuredFacts).flatMap(([slug, facts]) =>
      Object.entries(facts).flatMap(([name, fact]) => {
        if (!isToolFactName(name)) return [`${slug}: unknown fact ${name}`];
        const parsed = factSchema(name).safeParse(fact);
        if (!parsed.success)
          return [`${slug}.${name}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`];
        // Already in its stored form: the seed writes what the form would have saved.
        expect(parsed.data, `${slug}.${name}`).toEqual(fact);
        return fact.checkedAt === DEMO_FACTS_CHECKED_AT && fact.sourceUrl.startsWith("https://")
          ? []
          : [`${slug}.${name}: source or date`];
      }),
    );
    expect(problems).toEqual([]);
    expect(TOOL_FACTS.every((name) => Object.values(demoStructuredFacts).some((facts) => name in facts))).toBe(true);
  });
});
