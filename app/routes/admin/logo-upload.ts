import { randomUUID } from "node:crypto";
import type { Route } from "./+types/logo-upload";
import { ADMIN_TOASTS } from "~/lib/admin-messages";
import { AppError } from "~/lib/app-error";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE, type LogoUploadResponse } from "~/lib/logo-upload";
import { adminOrJsonRefusal } from "~/server/auth/guards.server";
import { logger } from "~/server/logger.server";
import { toErrorResponse } from "~/server/http/error-response.server";
import { prepareLogo } from "~/server/storage/logo-image.server";
import { readLimitedBody } from "~/server/storage/read-limited-body.server";

// POST /admin/uploads/logo. The body is the file's raw bytes (the browser sends the File itself);
// its declared Content-Type is ignored: the bytes say what the file is. Answers { url } with 200,
// or an error body { error, code } with 403, 413, 415, 400 (the user's message) or 502 (storage
// failed, logged).

function answer(body: LogoUploadResponse, status: number) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = adminOrJsonRefusal(request, context);
  if (admin instanceof Response) return admin;
  const adminId = admin.id;

  let bytes: Buffer;
  try {
    bytes = await readLimitedBody(request, { maxBytes: LOGO_MAX_BYTES, tooLargeMessage: LOGO_SIZE_MESSAGE });
  } catch (error) {
    // Too large: 413 with Connection: close, so the client stops sending what nobody will read.
    if (error instanceof AppError) return toErrorResponse(error);
    // The client went away or the body broke off mid-stream: nothing to store, nobody to tell.
    logger.warn({ err: error, adminId }, "logo upload: the request body could not be read");
    return toErrorResponse(new AppError("bad-request", ADMIN_TOASTS.logoUploadFailed));
  }

  let logo: Awaited<ReturnType<typeof prepareLogo>>;
  try {
    logo = await prepareLogo(bytes);
  } catch (error) {
    if (error instanceof AppError) return toErrorResponse(error);
    throw error;
  }

  const key = `tool-logos/${randomUUID()}.${logo.extension}`;
  try {
    const stored = await context.storage.put({ key, body: logo.body, contentType: logo.contentType });
    logger.info(
      { adminId, key, bytes: logo.body.length, width: logo.width, height: logo.height },
      "stored an uploaded logo",
    );
    return answer({ url: stored.url }, 200);
  } catch (error) {
    logger.error({ err: error, adminId, key }, "logo upload: storing the file failed");
    return answer({ error: ADMIN_TOASTS.logoUploadFailed }, 502);
  }
}

/** Uploads are POSTs; anything else is told so plainly (RR would otherwise log a missing loader). */
export function loader() {
  return toErrorResponse(
    new AppError("method-not-allowed", "Method not allowed: upload a logo with POST", { headers: { Allow: "POST" } }),
  );
}
