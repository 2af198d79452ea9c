import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ToolComment } from "~/server/community/comments.server";
import { CommentList } from "./comment-list";
import { ReportProblem } from "./report-problem";

// The comments and the report controls as the server renders them: what a browser without
// JavaScript gets, so every control must be a link or a plain form that posts to the tool page.

const ID = "5b0e7a52-3f7e-4a57-9f55-0d6c2f1c7a11";

const comment = (overrides: Partial<ToolComment> = {}): ToolComment => ({
  id: ID,
  content: "Great for drafts & notes.",
  createdAt: new Date(),
  editedAt: null,
  authorName: "ada",
  displayName: null,
  avatarUrl: null,
  hidden: false,
  isMaker: false,
  isOwn: false,
  canEdit: false,
  ...overrides,
});

function render(element: React.ReactNode, path = "/tool/quill") {
  const Stub = createRoutesStub([{ path: "/tool/:id", Component: () => element }]);
  return renderToString(<Stub initialEntries={[path]} />).replaceAll("<!-- -->", "");
}

const list = (comments: ToolComment[], viewer: { signedIn: boolean; viewerIsAdmin?: boolean }, path?: string) =>
  render(
    <CommentList comments={comments} signedIn={viewer.signedIn} viewerIsAdmin={viewer.viewerIsAdmin ?? false} />,
    path,
  );

/** The hidden intent fields the markup posts, in order. */
const intents = (html: string) => [...html.matchAll(/name="intent" value="([^"]+)"/g)].map((match) => match[1]);

describe("CommentList", () => {
  it("a visitor reads the author, the time and 'edited', and gets no controls", () => {
    const html = list([comment({ editedAt: new Date() })], { signedIn: false });
    expect(html).toContain("ada");
    expect(html).toContain("(edited)");
    expect(html).toContain("Great for drafts &amp; notes.");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("<details");
  });

  it("links an author who chose a display name to their profile", () => {
    const html = list([comment({ authorName: "Quill_Fan", displayName: "Quill_Fan" })], { signedIn: false });
    expect(html).toMatch(/<a[^>]*href="\/u\/Quill_Fan"[^>]*>Quill_Fan<\/a>/);
    expect(list([comment()], { signedIn: false })).not.toContain('href="/u/');
  });

  it("another member's comment: a labelled report form that posts without JavaScript, and one list item", () => {
    const html = list([comment()], { signedIn: true });
    expect(intents(html)).toEqual(["report-comment"]);
    expect(html).toMatch(/<form[^>]*action="\/tool\/quill" method="post"/);
    expect(html).toContain(`name="commentId" value="${ID}"`);
    expect(html).toContain("<legend");
    expect([...html.matchAll(/type="radio"[^>]*name="reason" value="([^"]+)"/g)].map((match) => match[1])).toEqual([
      "spam",
      "abuse",
      "off-topic",
      "other",
    ]);
    expect(html).toMatch(/<textarea[^>]*name="note"[^>]*maxLength="500"/);
    expect(html).toContain("Details (optional)");
    // The reasons are no list: the comments region counts its comments by list items.
    expect(html.match(/<li/g)).toHaveLength(1);
  });

  it("one's own comment within the window: Edit (a link) and Delete behind a question; no Report", () => {
    const html = list([comment({ isOwn: true, canEdit: true })], { signedIn: true });
    expect(html).toContain(`href="/tool/quill?edit=${ID}#comment-${ID}"`);
    expect(intents(html)).toEqual(["delete-comment"]);
    expect(html).toContain("Delete your comment? This cannot be undone.");
  });

  it("?edit= opens the box in place of the text, which appears once", () => {
    const html = list([comment({ isOwn: true, canEdit: true })], { signedIn: true }, `/tool/quill?edit=${ID}`);
    expect(intents(html)).toEqual(["edit-comment", "delete-comment"]);
    expect(html).toMatch(/<textarea[^>]*name="content"[^>]*>Great for drafts &amp; notes.<\/textarea>/);
    expect(html.match(/Great for drafts/g)).toHaveLength(1);
    expect(html).toContain("Edit your comment");
    // Past the window the address opens nothing.
    const late = list([comment({ isOwn: true, canEdit: false })], { signedIn: true }, `/tool/quill?edit=${ID}`);
    expect(intents(late)).toEqual(["delete-comment"]);
    expect(late).not.toContain("?edit=");
  });

  it("a hidden comment is marked for its author, who may delete it but not edit it", () => {
    const html = list([comment({ isOwn: true, hidden: true })], { signedIn: true });
    expect(html).toContain("Hidden by a moderator");
    expect(intents(html)).toEqual(["delete-comment"]);
  });

  it("an administrator hides or restores and deletes others' comments", () => {
    const visible = list([comment()], { signedIn: true, viewerIsAdmin: true });
    expect(intents(visible)).toEqual(["report-comment", "hide-comment", "moderate-delete-comment"]);
    const hidden = list([comment({ hidden: true })], { signedIn: true, viewerIsAdmin: true });
    expect(hidden).toContain(">Hidden<");
    expect(hidden).not.toContain("Hidden by a moderator");
    expect(intents(hidden)).toEqual(["restore-comment", "moderate-delete-comment"]);
  });
});

describe("ReportProblem", () => {
  it("a member gets the listing's report form with every reason", () => {
    const html = render(<ReportProblem signedIn toolName="Quill" />);
    expect(intents(html)).toEqual(["report-listing"]);
    expect(html).toContain("What is wrong with the Quill listing?");
    expect(html.match(/type="radio"[^>]*name="reason"/g)).toHaveLength(5);
  });

  it("a visitor gets a link to sign in and come back", () => {
    const html = render(<ReportProblem signedIn={false} toolName="Quill" />);
    expect(html).toMatch(/<a[^>]*href="\/sign-in\?redirectTo=%2Ftool%2Fquill"[^>]*>Report a problem<\/a>/);
    expect(html).not.toContain("<form");
  });
});
