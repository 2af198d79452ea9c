import fs from "node:fs";
import path from "node:path";
import type { ServerBuild } from "react-router";

const buildEntry = path.resolve("build/server/index.js");

/** The production build's React Router build, for tests that render whole documents (npm test builds before Vitest runs). */
export async function loadProductionBuild(): Promise<ServerBuild> {
  if (!fs.existsSync(buildEntry)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const { loadReactRouterBuild } = (await import(buildEntry)) as { loadReactRouterBuild: () => Promise<ServerBuild> };
  return loadReactRouterBuild();
}
