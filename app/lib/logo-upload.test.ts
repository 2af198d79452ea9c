import { describe, expect, it } from "vitest";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE, logoFileProblem } from "./logo-upload";

describe("logoFileProblem (the browser's check before uploading)", () => {
  it("has the spec's limit and messages, word for word", () => {
    expect(LOGO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(LOGO_TYPE_MESSAGE).toBe("File must be an image (JPEG, PNG, or WebP)");
    expect(LOGO_SIZE_MESSAGE).toBe("File size must be less than 5MB");
  });

  it.each(["image/jpeg", "image/jpg", "image/png", "image/webp", "IMAGE/PNG"])("lets %s through", (type) => {
    expect(logoFileProblem({ type, size: 1000 })).toBeNull();
  });

  it.each(["image/svg+xml", "image/gif", "text/html", "application/pdf", ""])("refuses %j as not an image", (type) => {
    expect(logoFileProblem({ type, size: 1000 })).toBe(LOGO_TYPE_MESSAGE);
  });

  it("allows exactly 5 MB and refuses one byte more", () => {
    expect(logoFileProblem({ type: "image/png", size: LOGO_MAX_BYTES })).toBeNull();
    expect(logoFileProblem({ type: "image/png", size: LOGO_MAX_BYTES + 1 })).toBe(LOGO_SIZE_MESSAGE);
  });
});
