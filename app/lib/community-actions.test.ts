import { describe, expect, it } from "vitest";
import {
  answeredIntent,
  failureToast,
  isModeratorIntent,
  needsSignIn,
  parseCommunityIntent,
  signInPrompt,
  successToast,
} from "./community-actions";

describe("failureToast", () => {
  it("is the spec's toast for an outage or a network failure, whatever the answer says", () => {
    expect(failureToast({ ok: false, form: "vote", formError: "connection refused", code: "internal" })).toEqual({
      title: "Error",
      description: "Failed to record your vote. Please try again.",
    });
    expect(failureToast({ ok: false, form: "comment" })).toEqual({
      title: "Error",
      description: "Failed to post your comment. Please try again.",
    });
  });

  it("keeps the spec's text and adds the refusal's own sentence after it", () => {
    const tooMany = "Too many attempts. Please try again in 10 minutes.";
    expect(failureToast({ ok: false, form: "comment", formError: tooMany, code: "rate-limited" })).toEqual({
      title: "Error",
      description: `Failed to post your comment. Please try again. ${tooMany}`,
    });
    expect(
      failureToast({
        ok: false,
        form: "vote",
        formError: "Rating must be a whole number from 1 to 5",
        code: "bad-request",
      }),
    ).toEqual({
      title: "Error",
      description: "Failed to record your vote. Please try again. Rating must be a whole number from 1 to 5",
    });
  });
});

describe("an answer that names no intent of the page", () => {
  it("says its own sentence", () => {
    expect(failureToast({ ok: false, formError: "Unknown action", code: "bad-request" })).toEqual({
      title: "Error",
      description: "Unknown action",
    });
    expect(answeredIntent({ ok: false, form: "delete-everything" })).toBeNull();
    expect(answeredIntent({ ok: true, form: "report-listing" })).toBe("report-listing");
  });
});

describe("needsSignIn", () => {
  it("is true only for the signed-out refusal", () => {
    expect(
      needsSignIn({ ok: false, form: "vote", formError: "Please sign in to vote for tools", code: "unauthorized" }),
    ).toBe(true);
    expect(
      needsSignIn({
        ok: false,
        form: "vote",
        formError: "This request did not come from this site.",
        code: "cross-site",
      }),
    ).toBe(false);
  });
});

describe("the tool page's newer actions", () => {
  it("say the refusal itself, since 'please try again' would be wrong there", () => {
    expect(
      failureToast({
        ok: false,
        form: "report-comment",
        formError: "You have already reported this comment.",
        code: "conflict",
      }),
    ).toEqual({ title: "Error", description: "You have already reported this comment." });
    expect(
      failureToast({ ok: false, form: "edit-comment", formError: "connection refused", code: "internal" }),
    ).toEqual({
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
    expect(isModeratorIntent("restore-review")).toBe(true);
    expect(isModeratorIntent("delete-review")).toBe(false);
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
