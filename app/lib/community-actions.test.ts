import { describe, expect, it } from "vitest";
import {
  failureToast,
  isModeratorIntent,
  needsSignIn,
  parseCommunityIntent,
  signInPrompt,
  successToast,
} from "./community-actions";

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

describe("the tool page's newer actions", () => {
  it("say the refusal itself, since 'please try again' would be wrong there", () => {
    expect(
      failureToast({ intent: "report-comment", error: "You have already reported this comment.", code: "conflict" }),
    ).toEqual({ title: "Error", description: "You have already reported this comment." });
    expect(failureToast({ intent: "edit-comment", error: "connection refused", code: "internal" })).toEqual({
      title: "Error",
      description: "Failed to save your changes. Please try again.",
    });
  });

  it("know every intent and no other", () => {
    expect(parseCommunityIntent("moderate-delete-comment")).toBe("moderate-delete-comment");
    expect(parseCommunityIntent("delete-everything")).toBeNull();
    expect(parseCommunityIntent(null)).toBeNull();
    expect(isModeratorIntent("hide-comment")).toBe(true);
    expect(isModeratorIntent("delete-comment")).toBe(false);
  });

  it("keep the spec's prompts and successes for votes and comments", () => {
    expect(signInPrompt("comment")).toEqual({
      title: "Authentication required",
      description: "Please sign in to comment",
    });
    expect(successToast("vote")).toEqual({ title: "Vote recorded", description: "Thank you for your feedback!" });
    expect(signInPrompt("report-listing").description).toBe("Please sign in to report a problem");
  });
});
