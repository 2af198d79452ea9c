import { describe, expect, test } from "vitest";
import { isLocalHostName, normalizeDomain, SUBMISSION_MESSAGES, submissionSchema } from "./submissions";

describe("normalizeDomain", () => {
  test.each([
    ["https://www.Example.com/pricing?plan=pro#top", "example.com"],
    ["http://example.com:8080", "example.com"],
    ["https://EXAMPLE.com.", "example.com"],
    ["https://user:secret@app.example.com/", "app.example.com"],
    ["  https://www.www.example.com  ", "www.example.com"],
    ["https://docs.example.co.uk/start", "docs.example.co.uk"],
    ["https://[2001:db8::1]/", "[2001:db8::1]"],
  ])("%s is %s", (url, domain) => {
    expect(normalizeDomain(url)).toBe(domain);
  });

  test.each(["example.com", "ftp://example.com", "javascript:alert(1)", "https://", "https://exa mple.com", ""])(
    "%j is not a website",
    (url) => {
      expect(normalizeDomain(url)).toBeNull();
    },
  );
});

test.each([
  ["localhost", true],
  ["intranet", true],
  ["printer.local", true],
  ["db.internal", true],
  ["router.home.arpa", true],
  ["example.com", false],
  ["127.0.0.1", false],
  ["[::1]", false],
])("isLocalHostName(%s) is %s", (domain, local) => {
  expect(isLocalHostName(domain)).toBe(local);
});

describe("submissionSchema", () => {
  test("trims, keeps a listed category and turns blanks into null", () => {
    expect(
      submissionSchema.parse({ website: " https://example.com ", name: " Example ", category: "", note: "  " }),
    ).toEqual({ website: "https://example.com", name: "Example", category: null, note: null });
    expect(
      submissionSchema.parse({ website: "https://example.com", name: "Example", category: "Video", note: "Good" }),
    ).toMatchObject({ category: "Video", note: "Good" });
  });

  test("refuses a missing or non-http website, a missing name, an unknown category and a long note", () => {
    const result = submissionSchema.safeParse({
      website: "mailto:me@example.com",
      name: "",
      category: "Gardening",
      note: "x".repeat(1001),
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toEqual({
      website: SUBMISSION_MESSAGES.websiteInvalid,
      name: SUBMISSION_MESSAGES.nameRequired,
      category: SUBMISSION_MESSAGES.categoryUnknown,
      note: SUBMISSION_MESSAGES.noteTooLong,
    });
  });

  test("refuses a website the tool form would refuse: user info, quotes, angle brackets (issue 37)", () => {
    for (const website of [
      "https://x.com/x>[evil](javascript:alert('web'))<x",
      "https://good.example@evil.example",
      'https://example.com/"x"',
    ]) {
      const result = submissionSchema.safeParse({ website, name: "Example", category: "", note: "" });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([SUBMISSION_MESSAGES.websiteInvalid]);
    }
  });
});
