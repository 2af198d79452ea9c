/** Any origin we own nothing on: a relative path resolved against it must stay on it. */
const PROBE_ORIGIN = "http://x.invalid";

/**
 * Backslashes and control characters anywhere. Browsers drop tabs and newlines from a URL and read
 * `\` as `/`, so `/\t/evil.com` or `/\evil.com` becomes `//evil.com`: another host. A newline would
 * also split the Location header.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this check refuses
const UNSAFE_CHARACTER = /[\\\u0000-\u001f\u007f-\u009f]/;

/**
 * A path on this site to go to next, never an open redirect to another host: the one check every
 * redirect to a caller-supplied place goes through. It accepts only a path that starts with a
 * single `/` (not `//`), holds no `\` or control character, and resolves on the same origin.
 * The answer is the parsed path, query and fragment, percent-encoded, so it is always a valid header.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return fallback;
  if (UNSAFE_CHARACTER.test(value)) return fallback;
  let parsed: URL;
  try {
    parsed = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (parsed.origin !== PROBE_ORIGIN) return fallback;
  const normalized = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // Dot segments can leave two slashes in front: "/.//evil.com" resolves to the path "//evil.com".
  return normalized.startsWith("//") ? fallback : normalized;
}

/** Whether a value is a path safeRedirectPath accepts (for the callback URLs Better Auth is handed). */
export function isSafeRedirectPath(value: unknown): boolean {
  return safeRedirectPath(value, "") !== "";
}
