import { slugify } from "./slugify";

/**
 * Makers claiming their listing (issue 33, decision 176), as the pages and the server share it:
 * the addresses and the words a member reads (the forms' rules are in makers-schema.ts).
 */

export const CLAIM_LINK_TEXT = "Are you the maker? Claim this listing";
export const MAKER_BADGE_TEXT = "Maker";

export const claimPath = (slug: string) => `/tool/${encodeURIComponent(slug)}/claim`;
export const makerPath = (slug: string) => `/tool/${encodeURIComponent(slug)}/maker`;

/** The site's name as the token's file and meta tag carry it: SITE_NAME "Aitlas" gives "aitlas". */
export function verifySlug(siteName: string): string {
  return slugify(siteName) || "aitlas";
}

/** Where the token may be served, for a site named `slug`. */
export const verifyFilePath = (slug: string) => `/.well-known/${slug}-verify.txt`;
export const verifyMetaName = (slug: string) => `${slug}-verify`;

export const MAKER_MESSAGES = {
  claimStarted: "Claim started. Serve the token on your website, then check.",
  verified: "You are now the verified maker of this listing.",
  alreadyVerified: "You are already the verified maker of this listing.",
  noWebsite: "This listing has no website to check. Ask an administrator to approve your claim.",
  noClaim: "Start a claim first.",
  notFound: (file: string, meta: string) =>
    `The token was not found at ${file} or in a <meta name="${meta}"> tag on the home page.`,
  unreachable: (reason: string) => `Could not read the website: ${reason}`,
  requested: "Your claim waits for an administrator.",
  notMaker: "Only the listing's verified maker can do this.",
  claimNotFound: "Claim not found",
  approved: (toolName: string, member: string) => `${member} is now a verified maker of ${toolName}.`,
  rejected: (toolName: string) => `The claim on ${toolName} was rejected.`,
  revoked: (toolName: string, member: string) => `${member} is no longer a verified maker of ${toolName}.`,
  /** A revocation of someone who is not (or no longer) a verified maker of the listing: a 409, on the form. */
  notAMaker: "That member is not a verified maker of this listing.",
  proposed: "Your proposal waits for an administrator's review.",
  nothingChanged: "Nothing differs from the listing: change a field to propose it.",
  /** Spec-like refusal of a maker's own rating (issue 33: makers cannot vote on or review their own tool). */
  ownTool: "Makers cannot vote on or review their own tool.",
} as const;

export const MAKER_NOTE_MAX = 1000;

/** The admin tool form's intent that takes a verified maker's status back. */
export const REVOKE_MAKER_INTENT = "revoke-maker";

/** One week of a listing's figures, Monday first (UTC). */
export type WeekFigures = { week: string; views: number; clicks: number; saves: number; votes: number };

export const FIGURE_WEEKS = 12;
