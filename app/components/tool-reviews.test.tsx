import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ToolReview } from "~/server/community/reviews.server";
import { ToolReviews } from "./tool-reviews";

// The reviews' controls as the server renders them: plain forms that post to the tool page.

const review = (overrides: Partial<ToolReview> = {}): ToolReview => ({
  id: "0d8f9a5e-6a43-4f9e-9a7e-3c2b8f1d2e10",
  rating: 4,
  review: "Drafted our newsletter with it.",
  usedFor: null,
  reviewedAt: new Date(),
  authorName: "ada",
  displayName: null,
  helpfulCount: 0,
  hidden: false,
  isOwn: false,
  markedHelpful: false,
  ...overrides,
});

function render(reviews: ToolReview[], viewer: { signedIn: boolean; viewerIsAdmin: boolean }) {
  const distribution = [5, 4, 3, 2, 1].map((stars) => ({ stars, votes: stars === 4 ? reviews.length : 0 }));
  const Stub = createRoutesStub([
    {
      path: "/tool/:id",
      Component: () => (
        <ToolReviews
          distribution={distribution}
          reviewCount={reviews.length}
          reviews={reviews}
          sort="helpful"
          {...viewer}
        />
      ),
    },
  ]);
  return renderToString(<Stub initialEntries={["/tool/quill"]} />).replaceAll("<!-- -->", "");
}

const intents = (html: string) => [...html.matchAll(/name="intent" value="([^"]+)"/g)].map((match) => match[1]);

describe("ToolReviews", () => {
  it("a member marks helpful and reports another's review; no moderator's control", () => {
    expect(intents(render([review()], { signedIn: true, viewerIsAdmin: false }))).toEqual([
      "mark-helpful",
      "report-review",
    ]);
  });

  it("an administrator hides a visible review and restores a hidden one, each button naming its author", () => {
    const visible = render([review()], { signedIn: true, viewerIsAdmin: true });
    expect(intents(visible)).toEqual(["mark-helpful", "report-review", "hide-review"]);
    expect(visible).toContain('Hide<span class="sr-only"> the review by ada</span>');
    const hidden = render([review({ hidden: true })], { signedIn: true, viewerIsAdmin: true });
    expect(intents(hidden)).toEqual(["restore-review"]);
    expect(hidden).toContain("Hidden by a moderator");
    expect(hidden).toContain('Restore<span class="sr-only"> the review by ada</span>');
  });
});
