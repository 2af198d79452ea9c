import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE } from "~/lib/logo-upload";
import { readForm } from "../http/read-form.server";
import { readLimitedBody } from "../storage/read-limited-body.server";

/** Room for the multipart boundaries and the other fields around an avatar at the logo size limit. */
const AVATAR_FORM_MAX_BYTES = LOGO_MAX_BYTES + 64 * 1024;

/**
 * The account page's form post. A multipart one (the avatar upload) is read with a byte limit
 * first, so an oversized file is refused as it streams in (413, the logo's size message) instead
 * of being held in memory whole; then both kinds are read as readForm reads them.
 */
export async function readAccountForm(request: Request): Promise<FormData> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) return readForm(request);
  const body = await readLimitedBody(request, { maxBytes: AVATAR_FORM_MAX_BYTES, tooLargeMessage: LOGO_SIZE_MESSAGE });
  return readForm(
    new Request(request.url, { method: "POST", headers: { "content-type": type }, body: new Uint8Array(body) }),
  );
}
