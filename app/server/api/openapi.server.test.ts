import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { toolListQuerySchema } from "~/lib/api/schemas";
import { API_BASE_PATH, openApiDocument } from "./openapi.server";

const document = openApiDocument("https://aitlas.example");

describe("the OpenAPI document", () => {
  it("says no operation needs a key, and names the license", async () => {
    expect(document.security).toEqual([]);
    expect(document.info.license).toEqual({ name: "MIT", identifier: "MIT" });
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
  });

  it("lists every category spelling the server accepts, and the server accepts every one it lists", () => {
    const parameter = document.paths?.[`${API_BASE_PATH}/tools`]?.get?.parameters?.find(
      (candidate) => "name" in candidate && candidate.name === "category",
    );
    const values = (parameter as { schema: { enum: string[] } }).schema.enum;
    expect(values).toEqual(expect.arrayContaining(["Social Media", "social-media", "Writing", "writing"]));
    for (const category of values) {
      expect(toolListQuerySchema.safeParse({ category }).success, category).toBe(true);
    }
  });
});
