import type { z } from "zod";
import { AppError } from "~/lib/app-error";

/** `value` as `schema` reads it; else a 400 AppError whose message is the first problem found. */
export function parsedOrRefused<Schema extends z.ZodType>(schema: Schema, value: unknown): z.output<Schema> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError("bad-request", parsed.error.issues[0]!.message);
  return parsed.data;
}
