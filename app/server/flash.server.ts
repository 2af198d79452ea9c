import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * A one-time message (a toast) carried across a redirect in a short-lived cookie: the next page
 * shows it and clears the cookie. Pages carrying it are never served from the page cache.
 *
 * The cookie is signed (decision 127): whoever can set a cookie for the site (a sibling subdomain,
 * a script on a shared parent domain) cannot make the site show words of their choosing in its own
 * voice. The key is the instance's auth secret, set at start, so every process reads the others'
 * messages; before that (tests, scripts) a key of this process's own.
 */
export type Flash = { kind: "success" | "error"; title: string; description?: string };

const FLASH_COOKIE = "aitlas_flash";

let signingKey = randomBytes(32).toString("base64url");

/** Signs messages with the auth secret: start-up calls it once the secret is known. */
export function setFlashSecret(secret: string) {
  signingKey = secret;
}

const signatureOf = (payload: string) =>
  createHmac("sha256", signingKey).update(`${FLASH_COOKIE}.${payload}`).digest("base64url");

export function flashCookie(flash: Flash): string {
  const payload = Buffer.from(JSON.stringify(flash)).toString("base64url");
  return `${FLASH_COOKIE}=${payload}.${signatureOf(payload)}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

const CLEAR_FLASH = `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The message a cookie value carries, or null when it is unsigned, signed with another key or mangled. */
export function readFlashValue(value: string): Flash | null {
  const [payload, signature, ...rest] = value.split(".");
  if (!payload || !signature || rest.length > 0) return null;
  const expected = Buffer.from(signatureOf(payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Partial<Flash>;
    if ((parsed.kind === "success" || parsed.kind === "error") && typeof parsed.title === "string") {
      const flash: Flash = { kind: parsed.kind, title: parsed.title.slice(0, 200) };
      if (typeof parsed.description === "string") flash.description = parsed.description.slice(0, 500);
      return flash;
    }
  } catch {
    // A mangled cookie is dropped like an empty one.
  }
  return null;
}

/** The pending message, if any, and the Set-Cookie that clears it. */
export function takeFlash(request: Request): { flash: Flash | null; clear: string | null } {
  const match = request.headers.get("cookie")?.match(/(?:^|;\s*)aitlas_flash=([A-Za-z0-9_.-]+)/);
  if (!match) return { flash: null, clear: null };
  return { flash: readFlashValue(match[1]!), clear: CLEAR_FLASH };
}
