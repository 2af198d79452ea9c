import { siteBranding } from "../branding.server";
import { escapeXml as escapeHtml } from "../seo/xml.server";

/** The email that confirms a new account's address. */
export function confirmationMail({ url }: { url: string }) {
  const subject = `Confirm your ${siteBranding.name} account`;
  const text = [
    `Welcome to ${siteBranding.name}!`,
    "",
    "Confirm your email address to finish creating your account:",
    url,
    "",
    "The link works for 24 hours. If you did not sign up, ignore this email.",
  ].join("\n");
  const html = `<p>Welcome to ${escapeHtml(siteBranding.name)}!</p>
<p>Confirm your email address to finish creating your account:</p>
<p><a href="${escapeHtml(url)}">Confirm my email address</a></p>
<p>The link works for 24 hours. If you did not sign up, ignore this email.</p>`;
  return { subject, text, html };
}

/** The email with a link to choose a new password ("Forgot password?"). */
export function passwordResetMail({ url }: { url: string }) {
  const subject = `Reset your ${siteBranding.name} password`;
  const text = [
    `Someone asked to reset the password of your ${siteBranding.name} account.`,
    "",
    "Choose a new password here:",
    url,
    "",
    "The link works for one hour, once. If you did not ask, ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<p>Someone asked to reset the password of your ${escapeHtml(siteBranding.name)} account.</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a></p>
<p>The link works for one hour, once. If you did not ask, ignore this email: your password stays as it is.</p>`;
  return { subject, text, html };
}

/** A mail as three parts from one list of paragraphs: the link's paragraph becomes a link in HTML. */
function accountMail({
  subject,
  paragraphs,
  link,
}: {
  subject: string;
  paragraphs: string[];
  link?: { url: string; label: string; after: number };
}) {
  const text: string[] = [];
  const html: string[] = [];
  paragraphs.forEach((paragraph, index) => {
    text.push(paragraph, "");
    html.push(`<p>${escapeHtml(paragraph)}</p>`);
    if (link && index === link.after) {
      text.push(link.url, "");
      html.push(`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`);
    }
  });
  return { subject, text: text.join("\n").trimEnd(), html: html.join("\n") };
}

/** To the new address of an email change (decision 075): the change happens when this link is opened. */
export function emailChangeMail({ url }: { url: string }) {
  return accountMail({
    subject: `Confirm your new ${siteBranding.name} email address`,
    paragraphs: [
      `Someone asked to use this address for their ${siteBranding.name} account.`,
      "Confirm it here to make the change:",
      "The link works for 24 hours, once. If you did not ask, ignore this email: nothing changes.",
    ],
    link: { url, label: "Confirm my new email address", after: 1 },
  });
}

/**
 * To an address that already has an account, when another member asks to move theirs to it: the
 * page says the same as for a free address, and the owner learns what happened.
 */
export function emailInUseMail() {
  return accountMail({
    subject: `Someone tried to use your ${siteBranding.name} email address`,
    paragraphs: [
      `A member of ${siteBranding.name} asked to change their account's email address to this one. An account already uses this address, so nothing was changed.`,
      "If it was you, sign in with this address instead. Otherwise you can ignore this email.",
    ],
  });
}

/** To the old address once an email change is confirmed. */
export function emailChangedNoticeMail() {
  return accountMail({
    subject: `Your ${siteBranding.name} email address was changed`,
    paragraphs: [
      `The email address of your ${siteBranding.name} account was just changed, and this address no longer signs in to it.`,
      "If you did not make this change, contact the operator of the site straight away.",
    ],
  });
}

/** To a member without a password who asked to delete their account. */
export function deleteAccountMail({ url }: { url: string }) {
  return accountMail({
    subject: `Delete your ${siteBranding.name} account`,
    paragraphs: [
      `Someone signed in to your ${siteBranding.name} account asked to delete it.`,
      "Open this link to confirm the deletion:",
      "The link works for one hour, once. If you did not ask, ignore this email: your account stays as it is.",
    ],
    link: { url, label: "Delete my account", after: 1 },
  });
}
