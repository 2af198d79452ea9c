/**
 * A Postgres unique violation (23505), as PGlite or pg raise it, wrapped by Drizzle or not: the
 * answer to a race that a check before the write could not rule out.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
