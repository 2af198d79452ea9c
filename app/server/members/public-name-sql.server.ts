import { sql } from "drizzle-orm";
import { profiles } from "../db/schema.server";

/**
 * The name a member shows others (decision 147): the display name they chose, else their generated
 * handle; never anything from their email address. For a query that joins `profiles`.
 */
export const publicNameSql = () => sql<string | null>`coalesce(${profiles.displayName}, ${profiles.username})`;
