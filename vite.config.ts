import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

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
  // A route is reached as its module and as React Router's client proxy of it (`?__react-router-build-client-route`):
  // counted once, or code only the tool page uses would count as shared by two pages.
  const browsePages = new Set(
    reachedBy.filter((module) => BROWSE_ROUTE.test(module)).map((module) => module.replace(/\?.*$/, "")),
  ).size;
  const sharedCode = !BROWSE_ROUTE.test(id) && (!library || id.includes("/lucide-react/"));
  return browsePages >= 2 && sharedCode ? "site" : null;
}

/**
 * Each icon imported from its own module (`lucide-react/icons/sparkles`) instead of the package's
 * index, in the browser build (decision 186). Through the index every icon the app draws anywhere
 * was "reached by the root" and went into the file every page loads, the admin's editor icons
 * included; imported one by one, an icon goes where the code drawing it goes. The names are read
 * from the index's own export lines, aliases (Loader2 for LoaderCircle) included.
 */
function iconsOneByOne(): Plugin {
  const index = fileURLToPath(new URL("./node_modules/lucide-react/dist/esm/lucide-react.mjs", import.meta.url));
  const moduleOf = new Map<string, string>();
  for (const [, names, file] of fs
    .readFileSync(index, "utf8")
    .matchAll(/^export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.mjs';$/gm))
    for (const [, name] of names!.matchAll(/default as (\w+)/g)) moduleOf.set(name!, file!);
  const IMPORT = /import\s*\{([^}]*)\}\s*from\s*"lucide-react";/g;
  return {
    name: "aitlas:lucide-icons-one-by-one",
    apply: "build",
    transform(code, id) {
      if (this.environment?.config.consumer === "server" || !/[\\/]app[\\/].*\.tsx?$/.test(id)) return null;
      if (!code.includes('"lucide-react"')) return null;
      return code.replace(IMPORT, (statement, list: string) => {
        const lines: string[] = [];
        const rest: string[] = [];
        for (const part of list
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = part.split(/\s+as\s+/) as [string, string?];
          const file = moduleOf.get(imported);
          if (file && !imported.startsWith("type ")) lines.push(`import ${local} from "lucide-react/icons/${file}";`);
          else rest.push(part);
        }
        return (
          [...lines, ...(rest.length > 0 ? [`import { ${rest.join(", ")} } from "lucide-react";`] : [])].join("\n") ||
          statement
        );
      });
    },
  };
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
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [iconsOneByOne()])],
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
    // set of some 1,600 icons sat in the heap (about 7 MB). Drizzle (and Better Auth, which imports it)
    // because Node 24 parses drizzle's 179 KB package.json for each of its files (decision 187).
    // Better Auth's own imports come with it: the runtime image installs only our dependencies' names.
    // Radix because the app draws one of its primitives (Dialog): loaded from node_modules, its
    // package index brought all forty-odd at start (decision 201). The Dialog's own imports come with it.
    noExternal: [
      "radix-ui",
      /^@radix-ui\//,
      "aria-hidden",
      /^react-remove-scroll/,
      "react-style-singleton",
      "use-callback-ref",
      "use-sidecar",
      "get-nonce",
      "detect-node-es",
      "tslib",
      "lucide-react",
      "drizzle-orm",
      "better-auth",
      /^@better-auth\//,
      "better-call",
      "@better-fetch/fetch",
      "@noble/hashes",
      "@noble/ciphers",
      "jose",
      "kysely",
      "defu",
      "@opentelemetry/api",
      "rou3",
    ],
  },
}));
