// The logo upload's rules (spec sections 5 and 10), shared by the browser's quick check and the
// server, which judges the file by its bytes rather than by its name or declared type.

/** Where the browser sends a logo: the raw file bytes as the POST body. */
export const LOGO_UPLOAD_PATH = "/admin/uploads/logo";

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;

/** Declared types the browser may send; "image/jpg" is not registered but some systems use it. */
export const LOGO_ACCEPTED_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/webp"] as const;

/** For the file input's `accept` attribute. */
export const LOGO_ACCEPT_ATTRIBUTE = "image/jpeg,image/png,image/webp";

export const LOGO_TYPE_MESSAGE = "File must be an image (JPEG, PNG, or WebP)";
export const LOGO_SIZE_MESSAGE = "File size must be less than 5MB";
export const LOGO_DIMENSIONS_MESSAGE = "Image dimensions are too large";

/** What a successful upload hands back (`ActionResult.data`): the stored logo's public URL. */
export type LogoUploaded = { url: string };

/**
 * The browser's check before sending: the declared type and the size. It saves a round trip for
 * honest mistakes; the server checks the content again and is the one that decides.
 */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_ACCEPTED_TYPES as readonly string[]).includes(file.type.toLowerCase())) return LOGO_TYPE_MESSAGE;
  if (file.size > LOGO_MAX_BYTES) return LOGO_SIZE_MESSAGE;
  return null;
}
