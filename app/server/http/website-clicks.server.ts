import type express from "express";
import { isUuid } from "~/lib/slugify";
import { WEBSITE_CLICK_PATH } from "~/lib/outbound-link";
import { countsAsVisit, type ToolCounters } from "../traffic/tool-counters.server";

/**
 * `POST /visit/{toolId}`: the ping a "Visit website" link sends when followed (decision 178).
 * Browsers send it without JavaScript, with Ping-To naming the website; it is counted as one click
 * of the tool when a person's browser sent it from this site, and answered 204 either way, since the
 * browser reads nothing. The tool's id is checked when the counts are written (an unknown one is dropped).
 */
export function countWebsiteClicks(toolCounters: ToolCounters): [string, express.RequestHandler] {
  return [
    `${WEBSITE_CLICK_PATH}/:toolId`,
    (req, res) => {
      const toolId = String(req.params.toolId);
      const fromHere = req.headers["sec-fetch-site"] !== "cross-site";
      if (req.headers["ping-to"] && fromHere && isUuid(toolId) && countsAsVisit(req.headers))
        toolCounters.click(toolId.toLowerCase());
      res.status(204).end();
    },
  ];
}
