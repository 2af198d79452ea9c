/**
 * A link to a tool's website as the site shows it (decision 178): with `ref=<site>` added, so the
 * tool's makers see in their own statistics the visits sent from here. A `ref` the address already
 * has is kept; an address that is not http(s) is left as it is.
 */
export function outboundLink(website: string, ref: string | null): string {
  if (!ref) return website;
  let url: URL;
  try {
    url = new URL(website);
  } catch {
    return website;
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.searchParams.has("ref")) return website;
  url.searchParams.set("ref", ref);
  return url.href;
}

/**
 * Where a "Visit website" link's `ping` goes: the browser posts to it when the link is followed,
 * without JavaScript, and the server counts a click of that tool (decision 178).
 */
export const WEBSITE_CLICK_PATH = "/visit";

export const websiteClickPing = (toolId: string) => `${WEBSITE_CLICK_PATH}/${toolId}`;
