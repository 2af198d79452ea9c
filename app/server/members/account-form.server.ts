import { AppError } from "~/lib/app-error";
import { LOGO_MAX_BYTES, LOGO_SIZE_MESSAGE } from "~/lib/logo-upload";
import { InvalidFields, limitedForm } from "../http/action-pipeline.server";

/** Room for the multipart boundaries and the other fields around an avatar at the logo size limit. */
const AVATAR_FORM_MAX_BYTES = LOGO_MAX_BYTES + 64 * 1024;

const readCapped = limitedForm({ maxBytes: AVATAR_FORM_MAX_BYTES, tooLargeMessage: LOGO_SIZE_MESSAGE });

/** A file over the logo size limit, refused beside the avatar input. */
const tooLarge = () => new InvalidFields({ avatar: LOGO_SIZE_MESSAGE }, { code: "payload-too-large", form: "avatar" });

/**
 * The account page's form post (the pipeline's `read`). The body is capped at the avatar's size, so
 * an oversized file is refused as it streams in instead of being held in memory whole; a file just
 * over the limit is refused once read. Either way a 413 beside the avatar input, before the post
 * counts against the member's limit.
 */
export async function readAccountForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await readCapped(request);
  } catch (thrown) {
    if (thrown instanceof AppError && thrown.code === "payload-too-large") throw tooLarge();
    throw thrown;
  }
  const file = form.get("avatar");
  if (file instanceof File && file.size > LOGO_MAX_BYTES) throw tooLarge();
  return form;
}
