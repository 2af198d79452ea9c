import { MY_SUBMISSIONS_PATH } from "~/lib/submissions";
import { siteBranding } from "../branding.server";
import { escapeXml as escapeHtml } from "../seo/xml.server";

/** The emails a member gets when an administrator decides on a tool they suggested (decision 078). */

/** The suggestion was published: a link to the tool's page. */
export function submissionApprovedMail({ toolName, toolUrl }: { toolName: string; toolUrl: string }) {
  const subject = `${toolName} is now listed on ${siteBranding.name}`;
  const text = [`Thanks for suggesting ${toolName}: it is now listed on ${siteBranding.name}.`, "", toolUrl].join("\n");
  const html = `<p>Thanks for suggesting ${escapeHtml(toolName)}: it is now listed on ${escapeHtml(siteBranding.name)}.</p>
<p><a href="${escapeHtml(toolUrl)}">See ${escapeHtml(toolName)} on ${escapeHtml(siteBranding.name)}</a></p>`;
  return { subject, text, html };
}

/** The suggestion was turned down: the administrator's reason, word for word. */
export function submissionRejectedMail({
  name,
  website,
  reason,
  siteUrl,
}: {
  name: string;
  website: string;
  reason: string;
  siteUrl: string;
}) {
  const submissionsUrl = `${siteUrl}${MY_SUBMISSIONS_PATH}`;
  const subject = `Your suggestion of ${name} on ${siteBranding.name}`;
  const text = [
    `Thanks for suggesting ${name} (${website}). We have decided not to list it, for this reason:`,
    "",
    reason,
    "",
    `Your suggestions and their state: ${submissionsUrl}`,
  ].join("\n");
  const html = `<p>Thanks for suggesting ${escapeHtml(name)} (${escapeHtml(website)}). We have decided not to list it, for this reason:</p>
<blockquote>${escapeHtml(reason).replace(/\n/g, "<br>")}</blockquote>
<p><a href="${escapeHtml(submissionsUrl)}">Your suggestions and their state</a></p>`;
  return { subject, text, html };
}
