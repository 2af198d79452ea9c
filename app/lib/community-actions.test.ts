import { describe, expect, it } from "vitest";
import { failureToast, needsSignIn } from "./community-actions";

describe("failureToast", () => {
  it("is the spec's toast for an outage or a network failure, whatever the answer says", () => {
    expect(failureToast({ intent: "vote", error: "connection refused", code: "internal" })).toEqual({
      title: "Error",
      description: "Failed to record your vote. Please try again.",
    });
    expect(failureToast({ intent: "comment" })).toEqual({
      title: "Error",
      description: "Failed to post your comment. Please try again.",
    });
  });

  it("keeps the spec's text and adds the refusal's own sentence after it", () => {
    const tooMany = "Too many attempts. Please try again in 10 minutes.";
    expect(failureToast({ intent: "comment", error: tooMany, code: "rate-limited" })).toEqual({
      title: "Error",
      description: `Failed to post your comment. Please try again. ${tooMany}`,
    });
    expect(
      failureToast({ intent: "vote", error: "Rating must be a whole number from 1 to 5", code: "bad-request" }),
    ).toEqual({
      title: "Error",
      description: "Failed to record your vote. Please try again. Rating must be a whole number from 1 to 5",
    });
  });
});

describe("needsSignIn", () => {
  it("is true only for the signed-out refusal", () => {
    expect(needsSignIn({ intent: "vote", error: "Please sign in to vote for tools", code: "unauthorized" })).toBe(true);
    expect(
      needsSignIn({ intent: "vote", error: "This request did not come from this site.", code: "cross-site" }),
    ).toBe(false);
  });
});
