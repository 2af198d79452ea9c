import { randomUUID } from "node:crypto";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { AppError } from "~/lib/app-error";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, type LogoUploaded } from "~/lib/logo-upload";
import { defineAction, ok } from "~/server/http/action-pipeline.server";
import { logger } from "~/server/logger.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { prepareLogo } from "~/server/storage/logo-image.server";
import { readLimitedBody } from "~/server/storage/read-limited-body.server";

// POST /admin/uploads/logo. The body is the file's raw bytes (the browser sends the File itself);
// its declared Content-Type is ignored: the bytes say what the file is. Answers an ActionResult as
// JSON: `data: { url }` with 200, or `formError` and `code` with 413, 415, 400 (the user's message)
// or 502 (storage failed, logged). The guards' refusals (403) are the error body `{ error, code }`.

const noStore = { "Cache-Control": "no-store" };

export const action = defineAction({
  guard: "admin",
  // The body is the file, not a form: `run` reads it, capped.
  read: async () => new FormData(),
  async run({ request, context, viewer }) {
    let bytes: Buffer;
    try {
      bytes = await readLimitedBody(request, { maxBytes: LOGO_MAX_BYTES, tooLargeMessage: LOGO_SIZE_MESSAGE });
    } catch (error) {
      // Too large: 413 with Connection: close, so the client stops sending what nobody will read.
      if (error instanceof AppError) throw error;
      // The client went away or the body broke off mid-stream: nothing to store, nobody to tell.
      logger.warn({ err: error, adminId: viewer.id }, "logo upload: the request body could not be read");
      throw new AppError("bad-request", ADMIN_TOASTS.logoUploadFailed);
    }

    const logo = await prepareLogo(bytes);
    const key = `tool-logos/${randomUUID()}.${logo.extension}`;
    let url: string;
    try {
      url = (await context.storage.put({ key, body: logo.body, contentType: logo.contentType })).url;
    } catch (error) {
      logger.error({ err: error, adminId: viewer.id, key }, "logo upload: storing the file failed");
      throw new AppError("bad-gateway", ADMIN_TOASTS.logoUploadFailed, { cause: error });
    }
    logger.info(
      { adminId: viewer.id, key, bytes: logo.body.length, width: logo.width, height: logo.height },
      "stored an uploaded logo",
    );
    return Response.json(ok<LogoUploaded>({ url }), { headers: noStore });
  },
});

/** Uploads are POSTs; anything else is told so plainly (RR would otherwise log a missing loader). */
export function loader() {
  return toErrorResponse(
    new AppError("method-not-allowed", "Method not allowed: upload a logo with POST", { headers: { Allow: "POST" } }),
  );
}
