import { outboundLink } from "~/lib/outbound-link";
import { env } from "../env.server";

/** A tool's website as a page links to it: with OUTBOUND_REF's `ref` (decision 178). */
export const websiteLink = (website: string) => outboundLink(website, env.OUTBOUND_REF);

/** The same for each of a page's tools. */
export function withOutboundLinks<T extends { website: string | null }>(tools: T[]): T[] {
  return tools.map((tool) => (tool.website ? { ...tool, website: websiteLink(tool.website) } : tool));
}
