/**
 * A one-time message (a toast) carried across a redirect in a short-lived cookie: the next page
 * shows it and clears the cookie. Pages carrying it are never served from the page cache.
 */
export type Flash = { kind: "success" | "error"; title: string; description?: string };

const FLASH_COOKIE = "aitlas_flash";

export function flashCookie(flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

const CLEAR_FLASH = `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The pending message, if any, and the Set-Cookie that clears it. */
export function takeFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)aitlas_flash=([A-Za-z0-9_-]+)/);
  if (!match) return { flash: null, clear: null };
  try {
    const parsed = JSON.parse(Buffer.from(match[1]!, "base64url").toString("utf8")) as Partial<Flash>;
    if ((parsed.kind === "success" || parsed.kind === "error") && typeof parsed.title === "string") {
      const flash: Flash = { kind: parsed.kind, title: parsed.title.slice(0, 200) };
      if (typeof parsed.description === "string") flash.description = parsed.description.slice(0, 500);
      return { flash, clear: CLEAR_FLASH };
    }
  } catch {
    // A mangled cookie is dropped like an empty one.
  }
  return { flash: null, clear: CLEAR_FLASH };
}
