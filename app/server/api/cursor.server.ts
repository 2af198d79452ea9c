import { z } from "zod";
import { AppError } from "~/lib/app-error";

/**
 * Cursors are opaque to clients: a versioned JSON position, base64url-encoded. They carry the order
 * they belong to, so a cursor from one order is refused by another instead of walking it wrongly.
 */
const cursorSchema = z.object({ v: z.literal(1), order: z.string(), at: z.unknown() });

export function encodeCursor(order: string, at: unknown): string {
  return Buffer.from(JSON.stringify({ v: 1, order, at }), "utf8").toString("base64url");
}

export function decodeCursor<T>(cursor: string, order: string, position: z.ZodType<T>): T {
  const refused = new AppError("bad-request", "The cursor is not one this list gave out; start again without it.");
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw refused;
  }
  const parsed = cursorSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.order !== order) throw refused;
  const at = position.safeParse(parsed.data.at);
  if (!at.success) throw refused;
  return at.data;
}
