import { describe, expect, test } from "vitest";
import { readQuery } from "./read-query.server";

describe("readQuery", () => {
  test("drops stop words, keeps the last word as a prefix and reads synonym phrases whole", () => {
    const read = readQuery("clone my voice");
    expect(read.concepts.map((concept) => concept.typed)).toEqual(["clone", "voice"]);
    expect(read.concepts.at(-1)?.prefix).toBe(true);
    expect(readQuery("voice ").concepts[0]?.prefix).toBe(false);
    const tts = readQuery("text to speech").concepts;
    expect(tts).toHaveLength(1);
    expect(tts[0]).toMatchObject({ typed: "text to speech", correctable: false });
    expect(tts[0]?.phrases).toContain("tts");
  });

  test("names filters, each with the search without its words", () => {
    const read = readQuery("free image generator with an API");
    expect(read.filters).toEqual([
      { intent: "free", label: "Free", queryWithout: "image generator with an api" },
      { intent: "api", label: "API", queryWithout: "free image generator" },
    ]);
    expect(read.concepts.map((concept) => concept.typed)).toEqual(["image generator"]);
    expect(readQuery("self-hosted").filters).toMatchObject([{ intent: "self-hosted", queryWithout: "" }]);
    expect(readQuery("open source").filters).toMatchObject([{ intent: "open-source" }]);
  });

  test("names pages: alternatives in three forms, and a comparison", () => {
    expect(readQuery("alternatives to midjourney").alternativesTo).toBe("midjourney");
    expect(readQuery("midjourney alternatives").alternativesTo).toBe("midjourney");
    expect(readQuery("like notion").alternativesTo).toBe("notion");
    const versus = readQuery("chatgpt vs claude");
    expect(versus.compare).toEqual(["chatgpt", "claude"]);
    expect(versus.concepts.map((concept) => concept.typed)).toEqual(["chatgpt", "claude"]);
    expect(readQuery("vs").compare).toBeNull();
  });
});
