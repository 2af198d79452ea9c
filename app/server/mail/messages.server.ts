import { SITE_NAME } from "~/lib/site";
import { escapeXml as escapeHtml } from "../seo/xml.server";

/** The email that confirms a new account's address. */
export function confirmationMail({ url }: { url: string }) {
  const subject = `Confirm your ${SITE_NAME} account`;
  const text = [
    `Welcome to ${SITE_NAME}!`,
    "",
    "Confirm your email address to finish creating your account:",
    url,
    "",
    "The link works for 24 hours. If you did not sign up, ignore this email.",
  ].join("\n");
  const html = `<p>Welcome to ${escapeHtml(SITE_NAME)}!</p>
<p>Confirm your email address to finish creating your account:</p>
<p><a href="${escapeHtml(url)}">Confirm my email address</a></p>
<p>The link works for 24 hours. If you did not sign up, ignore this email.</p>`;
  return { subject, text, html };
}

/** The email with a link to choose a new password ("Forgot password?"). */
export function passwordResetMail({ url }: { url: string }) {
  const subject = `Reset your ${SITE_NAME} password`;
  const text = [
    `Someone asked to reset the password of your ${SITE_NAME} account.`,
    "",
    "Choose a new password here:",
    url,
    "",
    "The link works for one hour, once. If you did not ask, ignore this email: your password stays as it is.",
  ].join("\n");
  const html = `<p>Someone asked to reset the password of your ${escapeHtml(SITE_NAME)} account.</p>
<p><a href="${escapeHtml(url)}">Choose a new password</a></p>
<p>The link works for one hour, once. If you did not ask, ignore this email: your password stays as it is.</p>`;
  return { subject, text, html };
}
