/**
 * Postgres refusals the data functions answer instead of failing, as PGlite or pg raise them,
 * wrapped by Drizzle or not: the answer to a race that a check before the write could not rule out.
 */
function hasSqlState(error: unknown, sqlState: string): boolean {
  for (let current = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === sqlState) return true;
  }
  return false;
}

/** A unique violation (23505): a name, slug or address taken meanwhile. */
export const isUniqueViolation = (error: unknown) => hasSqlState(error, "23505");

/** A foreign key violation (23503): a referenced row deleted meanwhile. */
export const isForeignKeyViolation = (error: unknown) => hasSqlState(error, "23503");
