import { AppError } from "~/lib/app-error";
import { toErrorResponse } from "./error-response.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * A form post's fields. Every form here is an HTML form, so any other body (JSON, plain text, a
 * broken multipart) is the sender's mistake: 415 or 400, thrown as a response, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (!FORM_TYPES.includes(type)) {
    throw toErrorResponse(
      new AppError("unsupported-media-type", "This address accepts form posts only.", {
        headers: { "Accept-Post": FORM_TYPES.join(", ") },
      }),
    );
  }
  try {
    return await request.formData();
  } catch (error) {
    throw toErrorResponse(
      new AppError("bad-request", "The form could not be read. Please try again.", { cause: error }),
    );
  }
}
