import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

type ModuleGraph = { getModuleInfo(id: string): { importers: string[] } | null };

const ROOT_MODULE = /[\\/]app[\\/]root\.tsx(\?.*)?$/;
/** The pages visitors move between most; what two of them share loads as one file. */
const BROWSE_ROUTE =
  /[\\/]app[\\/]routes[\\/](home|category|tag|tool|tool-alternatives|compare|blog|article)\.tsx(\?.*)?$/;

/**
 * The browser build's chunk groups (decision 109). What the root layout imports, and so every page
 * loads, comes in two files: its libraries, and the app's own code with what two or more of the
 * browsing pages share (one file, because a group takes its members' imports with it: a separate
 * "pages" file was imported by the root anyway). Everything else keeps Rolldown's own splitting.
 * Without this a page preloaded some fifty small files.
 */
function chunkGroup(id: string, graph: ModuleGraph): string | null {
  const reachedBy = [...importersReaching(id, graph)].filter((module) => module !== id);
  const library = id.includes("/node_modules/");
  if (reachedBy.some((module) => ROOT_MODULE.test(module))) return library ? "libraries" : "site";
  const browsePages = reachedBy.filter((module) => BROWSE_ROUTE.test(module)).length;
  const sharedCode = !BROWSE_ROUTE.test(id) && (!library || id.includes("/lucide-react/"));
  return browsePages >= 2 && sharedCode ? "site" : null;
}

/** The module and every module that imports it, directly or through other static imports. */
function importersReaching(id: string, graph: ModuleGraph, found = new Set<string>()): Set<string> {
  if (found.has(id)) return found;
  found.add(id);
  for (const importer of graph.getModuleInfo(id)?.importers ?? []) importersReaching(importer, graph, found);
  return found;
}

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: {
      // The server bundle's entry is our HTTP server, which imports React Router's build
      // as a virtual module: one bundle holds both, so they share one database client.
      ...(isSsrBuild ? { input: "./app/server/http/start.server.ts" } : {}),
      // Rolldown's "plugins took N% of the build" table says more about a busy machine than about
      // this app; the build stays a few lines (decision 088).
      checks: { bundlerTimings: false },
      ...(isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: chunkGroup }] } } }),
    },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    tsconfigPaths: true,
    // React Router's package exports only its "development" build, whose one difference is that its
    // warnings are on; the browser gets the production build (decision 109). The server keeps the
    // package as Node resolves it: it is external there, and two copies would not share a context.
    alias: isSsrBuild
      ? []
      : [
          { find: /^react-router$/, replacement: reactRouterProduction("index.mjs") },
          { find: /^react-router\/dom$/, replacement: reactRouterProduction("dom-export.mjs") },
        ],
  },
  ssr: {
    // Native or WASM packages stay outside the bundle and load from node_modules.
    external: ["@electric-sql/pglite", "pg", "pino", "pino-pretty", "sanitize-html"],
    // Bundled so the server keeps only the icons the pages draw: loaded from node_modules, the whole
    // set of some 1,600 icons sat in the heap (about 7 MB).
    noExternal: ["lucide-react"],
  },
}));
