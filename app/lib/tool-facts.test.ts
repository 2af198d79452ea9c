import { describe, expect, test } from "vitest";
import { fieldErrorsOf } from "./form-fields";
import { publicFacts, TOOL_FACT_MESSAGES, TOOL_FACTS, today } from "./tool-facts";
import { factFormInput, factsFormInputFrom, factsFormSchema, type FactsFormInput } from "./tool-facts-form";

function posted(set: Partial<Record<string, Partial<ReturnType<typeof factFormInput>>>>): FactsFormInput {
  return Object.fromEntries(
    TOOL_FACTS.map((name) => [name, { ...factFormInput(undefined), ...set[name] }]),
  ) as FactsFormInput;
}

describe("the tool form's facts", () => {
  test("a fact with a value needs its source; the checked date defaults to today", () => {
    const refused = factsFormSchema.safeParse(posted({ api: { value: "yes" } }));
    expect(refused.success).toBe(false);
    if (!refused.success)
      expect(fieldErrorsOf(refused.error)).toEqual({ "api.sourceUrl": TOOL_FACT_MESSAGES.sourceRequired });

    const saved = factsFormSchema.parse(posted({ api: { value: "yes", sourceUrl: "https://example.com/docs" } }));
    expect(saved).toEqual({
      api: { value: "yes", items: [], detail: "", sourceUrl: "https://example.com/docs", checkedAt: today() },
    });
  });

  test("a row left unknown is no fact, whatever else it holds", () => {
    expect(
      factsFormSchema.parse(posted({ api: { sourceUrl: "https://example.com", checkedAt: "2026-01-01" } })),
    ).toEqual({});
  });

  test("refuses answers and platforms outside the lists, a bad source and a future date", () => {
    const parsed = factsFormSchema.safeParse(
      posted({
        api: { value: "opt-out", sourceUrl: "https://example.com" },
        platforms: { items: ["web", "playstation"], sourceUrl: "javascript:alert(1)" },
        free_plan: { value: "yes", sourceUrl: "https://example.com", checkedAt: "2999-01-01" },
      }),
    );
    expect(parsed.success).toBe(false);
    if (!parsed.success)
      expect(fieldErrorsOf(parsed.error)).toEqual({
        "api.value": TOOL_FACT_MESSAGES.valueUnknown,
        "platforms.items": TOOL_FACT_MESSAGES.platformUnknown,
        "platforms.sourceUrl": TOOL_FACT_MESSAGES.sourceInvalid,
        "free_plan.checkedAt": TOOL_FACT_MESSAGES.checkedInFuture,
      });
  });

  test("reads a posted form: checkboxes and comma-separated certifications", () => {
    const form = new FormData();
    form.set("facts.present", "1");
    form.append("facts.platforms.items", "macos");
    form.append("facts.platforms.items", "web");
    form.set("facts.platforms.sourceUrl", "https://example.com/download");
    form.set("facts.certifications.items", "SOC 2 Type 2, ISO 27001");
    form.set("facts.certifications.sourceUrl", "https://example.com/trust");
    form.set("facts.certifications.checkedAt", "2026-11-27");
    const facts = factsFormSchema.parse(factsFormInputFrom(form));
    expect(facts.platforms?.items).toEqual(["web", "macos"]);
    expect(facts.certifications?.items).toEqual(["SOC 2 Type 2", "ISO 27001"]);
    expect(factsFormInputFrom(new FormData())).toBeUndefined();
  });

  test("the public object names every fact, null when unknown", () => {
    const facts = publicFacts({
      data_retention: {
        value: null,
        items: [],
        detail: "30 days",
        sourceUrl: "https://e.com",
        checkedAt: "2026-11-27",
      },
    });
    expect(facts.data_retention).toEqual({
      value: "30 days",
      detail: "",
      source_url: "https://e.com",
      checked_at: "2026-11-27",
    });
    expect(Object.values(facts).filter((fact) => fact === null)).toHaveLength(TOOL_FACTS.length - 1);
  });
});
