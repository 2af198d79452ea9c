import { AppError } from "~/lib/app-error";
import { WEBSITE_LOGO_MESSAGES } from "~/lib/website-logo";
import { toolWriteTags } from "~/server/cache/write-tags.server";
import { fillToolLogoFromWebsite, WebsiteLogoUnavailable } from "~/server/catalog/website-logo.server";
import { adminIntent, ok } from "~/server/http/action-pipeline.server";
import { logger } from "~/server/logger.server";
import { RATE_LIMITS } from "~/server/security/rate-limit-rules.server";
import { savedToolId } from "./shared.server";
import { publicName } from "~/lib/account";

/**
 * "Fetch logo from website" (decision 103): the saved website's best icon becomes the tool's logo
 * at once, and its pages are purged. A site that fails is the admin's to read about (422), never a 500.
 */
export const fetchLogoIntent = adminIntent({
  rateLimit: ({ viewer }) => ({ rule: RATE_LIMITS.logoFetch, subject: viewer.id }),
  failure: WEBSITE_LOGO_MESSAGES.storageFailed,
  failureCode: "bad-gateway",
  async run({ context, params, viewer, purge }) {
    const toolId = savedToolId(params.id);
    if (toolId === null) throw new AppError("bad-request", WEBSITE_LOGO_MESSAGES.noWebsite);
    let url: string;
    try {
      ({ url } = await fillToolLogoFromWebsite({
        db: context.db,
        storage: context.storage,
        toolId,
        author: { origin: "admin", actorId: viewer.id, actorName: publicName(viewer) },
      }));
    } catch (error) {
      if (!(error instanceof WebsiteLogoUnavailable)) throw error;
      // The site's doing, not ours: worth a line in the log, not an alarm.
      logger.info({ toolId, adminId: viewer.id, detail: error.detail }, "no logo taken from a tool's website");
      throw new AppError("unprocessable", error.message);
    }
    purge(await toolWriteTags({ db: context.db, ids: [toolId] }));
    return ok({ url, message: WEBSITE_LOGO_MESSAGES.fetched });
  },
});
