// The JavaScript a browser downloads for one page of a production build, gzipped (issue 20, goal 6).
// React Router's browser manifest (build/client/assets/manifest-*.js) lists, for the client entry and
// for every route, its module and all the chunks it imports; the server renders one modulepreload
// link per chunk for the routes of the page, so a page's JavaScript is the entry and each route of
// its chain (root down to the page) with their imports, each counted once. The manifest script
// itself loads only with `routeDiscovery: { mode: "initial" }`; by default ("lazy") the page inlines
// the part it needs and asks the server for more as links are followed.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** The part of React Router's browser manifest this reads. */
type BrowserManifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { parentId?: string; module: string; imports?: string[] }>;
};

export type ChunkSize = { file: string; bytes: number; gzipBytes: number };
export type PageJavaScript = { chunks: ChunkSize[]; bytes: number; gzipBytes: number };

const manifestPrefix = "window.__reactRouterManifest=";

function readBrowserManifest(assetsDir: string): { file: string; manifest: BrowserManifest } {
  const names = fs.readdirSync(assetsDir).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (names.length !== 1)
    throw new Error(`Expected one manifest-*.js in ${assetsDir}, found ${names.length}: is this a client build?`);
  const file = names[0]!;
  const text = fs.readFileSync(path.join(assetsDir, file), "utf8").trim();
  if (!text.startsWith(manifestPrefix)) throw new Error(`${file} does not start with "${manifestPrefix}".`);
  return { file, manifest: JSON.parse(text.slice(manifestPrefix.length).replace(/;$/, "")) as BrowserManifest };
}

/** The route and its parents, root first. */
function routeChain(manifest: BrowserManifest, routeId: string): string[] {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id !== undefined; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`No route "${id}" in the build's manifest.`);
    chain.unshift(id);
  }
  return chain;
}

/** Whether pages load the whole manifest script: only when the server build says route discovery is "initial". */
function loadsManifestScript(buildDir: string): boolean {
  const serverDir = path.join(buildDir, "server");
  const files = fs.existsSync(serverDir) ? fs.readdirSync(serverDir, { recursive: true, encoding: "utf8" }) : [];
  for (const name of files.filter((file) => file.endsWith(".js"))) {
    const mode = /routeDiscovery = \{\s*"mode": "(\w+)"/.exec(fs.readFileSync(path.join(serverDir, name), "utf8"))?.[1];
    if (mode) return mode !== "lazy";
  }
  // No server build to tell: count it, so the figure errs on the heavy side.
  return true;
}

/** The chunks one page loads, each once, and their sizes (gzip level 9, as a compressing server sends them). */
export function measurePageJavaScript(buildDir: string, routeId: string): PageJavaScript {
  const clientDir = path.join(buildDir, "client");
  const assetsDir = path.join(clientDir, "assets");
  const { file: manifestFile, manifest } = readBrowserManifest(assetsDir);
  const urls = new Set<string>([
    ...(loadsManifestScript(buildDir) ? [`/assets/${manifestFile}`] : []),
    manifest.entry.module,
    ...(manifest.entry.imports ?? []),
  ]);
  for (const id of routeChain(manifest, routeId)) {
    const route = manifest.routes[id]!;
    for (const url of [route.module, ...(route.imports ?? [])]) urls.add(url);
  }
  const chunks = [...urls].map((url) => {
    const content = fs.readFileSync(path.join(clientDir, url));
    return { file: url, bytes: content.length, gzipBytes: gzipSync(content, { level: 9 }).length };
  });
  return {
    chunks,
    bytes: chunks.reduce((sum, chunk) => sum + chunk.bytes, 0),
    gzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
  };
}

/** The bench's pages and the goal they are held to. */
export const JAVASCRIPT_GOAL_KB = 120;
export const MEASURED_PAGES = [
  { label: "home", routeId: "routes/home" },
  { label: "tool", routeId: "routes/tool" },
  { label: "alternatives", routeId: "routes/tool-alternatives" },
  { label: "category", routeId: "routes/category" },
  { label: "tag", routeId: "routes/tag" },
  { label: "compare", routeId: "routes/compare" },
  { label: "blog", routeId: "routes/blog" },
  { label: "article", routeId: "routes/article" },
  { label: "change log", routeId: "routes/changes" },
  { label: "member profile", routeId: "routes/member-profile" },
  { label: "about", routeId: "routes/about" },
] as const;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A Markdown table: each page's gzipped total against the goal, and its five largest chunks. */
export function javascriptTable(
  buildDir: string,
  pages: readonly { label: string; routeId: string }[] = MEASURED_PAGES,
) {
  const rows = pages.map(({ label, routeId }) => {
    const page = measurePageJavaScript(buildDir, routeId);
    const largest = [...page.chunks]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .slice(0, 5)
      .map((chunk) => `${path.basename(chunk.file)} ${kb(chunk.gzipBytes)}`)
      .join(", ");
    const verdict = page.gzipBytes <= JAVASCRIPT_GOAL_KB * 1024 ? "met" : "missed";
    return `| ${label} | \`${routeId}\` | ${page.chunks.length} | ${kb(page.gzipBytes)} KB | ${verdict} | ${largest} |`;
  });
  return [
    `| page | route | chunks | gzipped | goal ${JAVASCRIPT_GOAL_KB} KB | largest chunks (KB gzipped) |`,
    "|---|---|---:|---:|---|---|",
    ...rows,
  ].join("\n");
}

// npx tsx bench/bundle-size.ts [build directory]: the table for a build made elsewhere.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(javascriptTable(path.resolve(process.argv[2] ?? "build")));
}
