import type { Database } from "./db/client";

/** What every loader and action receives as `context`, built once per process. */
export type AppContext = {
  db: Database;
  /** The public origin (https://example.org) used in canonical links, feeds and sitemaps. */
  siteUrl: string | null;
};

declare module "react-router" {
  interface AppLoadContext extends AppContext {}
}
