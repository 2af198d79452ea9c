import { describe, expect, test } from "vitest";
import { alternativeReason } from "./alternatives";

const base = { pinned: false, category: "Audio", sameCategory: true, sharedTags: [] };

describe("alternativeReason", () => {
  test("names the most telling shared job in its tag's own words", () => {
    expect(
      alternativeReason({
        ...base,
        sharedTags: [
          { name: "Image generation", description: "Creates images from text prompts." },
          { name: "Chatbot", description: "Works mainly through a conversation." },
        ],
      }),
    ).toBe("Also creates images from text prompts");
  });

  test("keeps a leading name's capital, and names the tag when it has no description", () => {
    expect(
      alternativeReason({ ...base, sharedTags: [{ name: "API", description: "API access for developers." }] }),
    ).toBe("Also API access for developers");
    expect(alternativeReason({ ...base, sharedTags: [{ name: "Transcription", description: null }] })).toBe(
      "Also for transcription",
    );
  });

  test("falls back to the category, and to the editors' choice for a pin that shares nothing", () => {
    expect(alternativeReason(base)).toBe("Also in Audio");
    expect(alternativeReason({ ...base, sameCategory: false, pinned: true })).toBe("Chosen by the editors");
  });
});
