/** What the tool page's action answers to a vote or a comment; the page turns it into toasts. */
export type CommunityActionData = {
  intent: "vote" | "comment";
  ok?: boolean;
  error?: string;
  /** The visitor is signed out: the page prompts them to sign in. */
  authRequired?: boolean;
};

/** Spec section 8: the toasts of votes and comments, title and text. */
export const COMMUNITY_TOASTS = {
  voteSignIn: { title: "Authentication required", description: "Please sign in to vote for tools" },
  voteFailed: { title: "Error", description: "Failed to record your vote. Please try again." },
  voteRecorded: { title: "Vote recorded", description: "Thank you for your feedback!" },
  commentSignIn: { title: "Authentication required", description: "Please sign in to comment" },
  commentFailed: { title: "Error", description: "Failed to post your comment. Please try again." },
  commentPosted: { title: "Comment posted", description: "Your comment has been posted successfully!" },
} as const;
