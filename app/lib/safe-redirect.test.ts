import { describe, expect, test } from "vitest";
import { isSafeRedirectPath, safeRedirectPath } from "./safe-redirect";
import { returnPathAfterSignIn, signInHref } from "./sign-in-link";

// The check itself; tests/unit/front-door.test.ts runs the same bypasses through every route over HTTP.

describe("safeRedirectPath", () => {
  test.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\u0000/evil.example",
    "/\u007f/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/a/..//evil.example",
    "/%2e%2e//evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
  ])("refuses %j", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
    expect(isSafeRedirectPath(value)).toBe(false);
  });

  test("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBe("/");
    expect(safeRedirectPath(["/blog"], "/home")).toBe("/home");
  });

  test.each([
    ["/", "/"],
    ["/tool/chatgpt?tab=reviews#top", "/tool/chatgpt?tab=reviews#top"],
    ["/tool/caf\u00e9", "/tool/caf%C3%A9"],
    ["/%2F/evil.example", "/%2F/evil.example"],
    ["/ /evil.example", "/%20/evil.example"],
  ])("keeps the path %j on this site as %j, percent-encoded", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
    expect(isSafeRedirectPath(value)).toBe(true);
  });
});

describe("sign-in links", () => {
  test("the return path is never the sign-in page itself", () => {
    expect(returnPathAfterSignIn("/sign-in?redirectTo=%2Fabout")).toBe("/");
    expect(returnPathAfterSignIn("/SIGN-IN/")).toBe("/");
    expect(returnPathAfterSignIn("/about")).toBe("/about");
  });

  test("a link from the sign-in page keeps that page's own return path instead of nesting", () => {
    expect(signInHref({ pathname: "/about", search: "?x=1" })).toBe("/sign-in?redirectTo=%2Fabout%3Fx%3D1");
    expect(signInHref({ pathname: "/sign-in", search: "?redirectTo=%2Fabout" })).toBe("/sign-in?redirectTo=%2Fabout");
    expect(
      signInHref({ pathname: "/sign-in", search: `?redirectTo=${encodeURIComponent("/sign-in?redirectTo=/x")}` }),
    ).toBe("/sign-in?redirectTo=%2F");
  });
});
