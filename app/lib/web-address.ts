// What a plain web address is: the checks shared by forms (form-fields.ts) and the pages that only
// link, without zod, so the browser loads none for them (decision 186).

export const URL_MESSAGE = "Must be a valid URL";

/**
 * Characters a plain web address never holds as typed: spaces and control characters, and the
 * quotes, angle brackets and backticks that would end an attribute, a Markdown link or autolink
 * (decision 151). A real address carries them percent-encoded.
 */
const NOT_IN_A_PLAIN_ADDRESS = /[\s\p{Cc}<>"'`\\]/u;

/** The absolute http(s) URL `value` names, or null: nothing else, and nothing written with user info. */
function plainWebAddress(value: string): URL | null {
  if (!/^https?:\/\//i.test(value) || NOT_IN_A_PLAIN_ADDRESS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const web = url.protocol === "http:" || url.protocol === "https:";
  return web && url.hostname !== "" && url.username === "" && url.password === "" ? url : null;
}

/**
 * An absolute http(s) URL written plainly (no user info, spaces, quotes, angle brackets or
 * backticks), or a path on this site ("/uploads/tool-logos/x.webp", what the local storage driver
 * returns). Anything else, javascript: and data: included, is refused.
 */
export function isLinkableUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !NOT_IN_A_PLAIN_ADDRESS.test(value);
  return plainWebAddress(value) !== null;
}

export const WEBSITE_MESSAGES = {
  invalid: URL_MESSAGE,
  userInfo: "Website must not contain a user name or password",
  characters: "Website must not contain spaces, quotes, angle brackets or backticks",
  host: "Website must name a real host, such as example.com",
} as const;

/** A host name's labels: letters, digits and inner hyphens; the last one not all digits. */
const DOMAIN_NAME = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?|xn--[a-z0-9-]+)$/;

/**
 * Why `value` is not a tool's website, or null when it is one: a plain http(s) address (as
 * isLinkableUrl says) whose host is a domain name or an IP address, not a single word.
 */
export function websiteProblem(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return WEBSITE_MESSAGES.invalid;
  if (NOT_IN_A_PLAIN_ADDRESS.test(value)) return WEBSITE_MESSAGES.characters;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBSITE_MESSAGES.invalid;
  }
  if (url.username !== "" || url.password !== "") return WEBSITE_MESSAGES.userInfo;
  if (!plainWebAddress(value)) return WEBSITE_MESSAGES.invalid;
  const host = url.hostname.replace(/\.$/, "");
  const ip = host.startsWith("[") || /^\d{1,3}(?:\.\d{1,3}){3}$/.test(host);
  return ip || DOMAIN_NAME.test(host) ? null : WEBSITE_MESSAGES.host;
}
