import { DISPLAY_NAME_MAX, DISPLAY_NAME_MIN } from "./members";

/**
 * A member's own account (/account) and public profile (/u/{name}), issue 15 (decisions 074 and
 * 075): addresses and texts, shared by the pages and the server. The forms' zod schemas are in
 * account-schemas.ts, so the pages that only link here do not load zod (decision 094).
 */

export const ACCOUNT_PATH = "/account";
/** Where an emailed account link lands: a new address to confirm, or an account to delete. */
export const ACCOUNT_CONFIRM_PATH = "/account/confirm";

/** A member's public page; only members who chose a display name have one. */
export function memberProfilePath(displayName: string): string {
  return `/u/${encodeURIComponent(displayName)}`;
}

/** The name shown beside a member's words: the display name they chose, else the spec's username. */
export function publicName({ displayName, username }: { displayName: string | null; username: string | null }) {
  return displayName ?? username ?? "Anonymous";
}

/** A profile page is left out of search engines until its member has written this many visible comments. */
export const PROFILE_INDEX_MIN_COMMENTS = 3;
/** Comments and ratings per page of a profile. */
export const PROFILE_PAGE_SIZE = 20;

export const DISPLAY_NAME_RULES = `${DISPLAY_NAME_MIN} to ${DISPLAY_NAME_MAX} letters, digits, "-", "_" or "."`;

export const ACCOUNT_INTENTS = [
  "display-name",
  "avatar",
  "remove-avatar",
  "email",
  "password",
  "sign-out-others",
  "sign-out-session",
  "delete-account",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

export const ACCOUNT_MESSAGES = {
  displayNameTaken: "That display name is taken. Please choose another.",
  displayNameSaved: "Your display name is saved.",
  avatarSaved: "Your avatar is saved.",
  avatarRemoved: "Your avatar is removed.",
  avatarMissing: "Choose an image to upload.",
  sameEmail: "That is already your email address.",
  /** The same answer whether or not another account uses the address (decision 075). */
  emailChangeRequested:
    "We have sent a confirmation link to the new address. Your email address changes when you open it; the link works for 24 hours.",
  emailChanged: "Your email address is changed.",
  emailTakenOnConfirm: "Another account now uses that address, so yours was not changed.",
  linkInvalid: "This link is no longer valid.",
  wrongPassword: "That password is not correct.",
  passwordRequired: "Enter your password to confirm.",
  passwordChanged: "Your password is changed. Every other device is signed out.",
  noPassword: "Your account signs in with Google and has no password.",
  signedOutOthers: "Every other device is signed out.",
  sessionEnded: "That device is signed out.",
  sessionNotFound: "That session is not yours or has already ended.",
  deleteLinkSent:
    "We have sent a link to your email address. Open it to delete your account; the link works for one hour.",
  accountDeleted: "Your account is deleted.",
  unknownForm: "This form is not recognised. Please reload the page.",
} as const;
