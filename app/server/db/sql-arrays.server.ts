import { sql } from "drizzle-orm";

/**
 * A text[] of bound values as one parameter (both drivers send a JavaScript array as an array
 * literal): a list of 300 words built as 300 parameters cost more to assemble than to run.
 */
export const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;
