import { describe, expect, test } from "vitest";
import { isUuid, slugify } from "./slugify";

describe("slugify", () => {
  test.each([
    ["ChatGPT", "chatgpt"],
    ["Stable Diffusion XL", "stable-diffusion-xl"],
    ["  --Hello,   World!--  ", "hello-world"],
    ["DALL·E 3", "dall-e-3"],
    ["What's New: GPT-5 & Friends?", "what-s-new-gpt-5-friends"],
    ["Café Déjà Vu", "cafe-deja-vu"],
    ["snake_case & kebab-case", "snake-case-kebab-case"],
    ["already-a-slug", "already-a-slug"],
    ["日本語", ""],
    ["", ""],
  ])("%j -> %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  test("is stable: a slug slugifies to itself", () => {
    for (const text of ["Notion AI", "100% Free!", "Über Tool"]) expect(slugify(slugify(text))).toBe(slugify(text));
  });
});

describe("isUuid", () => {
  test("accepts UUIDs in either case", () => {
    expect(isUuid("3f2504e0-4f89-41d3-9a0c-0305e82c3301")).toBe(true);
    expect(isUuid("3F2504E0-4F89-41D3-9A0C-0305E82C3301")).toBe(true);
  });

  test.each([
    "",
    "chatgpt",
    "3f2504e0-4f89-41d3-9a0c-0305e82c330",
    "3f2504e0-4f89-41d3-9a0c-0305e82c33011",
    "3f2504e04f8941d39a0c0305e82c3301",
    "3f2504e0-4f89-41d3-9a0c-0305e82c330g",
    " 3f2504e0-4f89-41d3-9a0c-0305e82c3301",
    "3f2504e0-4f89-41d3-9a0c-0305e82c3301/x",
  ])("rejects %j", (value) => {
    expect(isUuid(value)).toBe(false);
  });
});
