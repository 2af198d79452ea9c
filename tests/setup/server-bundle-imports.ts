/**
 * Reading the server bundle's imports (`build/server`). It is not minified: a static import or
 * re-export starts its line, a dynamic one is `import("x")`.
 */
const STATIC_IMPORTS = [/^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"/gm, /^\s*import\s*"([^"]+)"/gm];
const DYNAMIC_IMPORT = /\bimport\(\s*"([^"]+)"\s*\)/g;

/** What the code's import statements name, static ones only unless `dynamic` is set. */
export function importedSpecifiers(code: string, { dynamic = false }: { dynamic?: boolean } = {}): string[] {
  return [...STATIC_IMPORTS, ...(dynamic ? [DYNAMIC_IMPORT] : [])].flatMap((pattern) =>
    [...code.matchAll(pattern)].map((match) => match[1]!),
  );
}

/** The package a bare specifier names ("@scope/name/sub" -> "@scope/name"); null for a file or a `node:` module. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith("node:") || !/^(@[\w.-]+\/)?[a-z0-9][\w.-]*(\/.*)?$/i.test(specifier)) return null;
  return specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");
}
