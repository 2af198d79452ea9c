// The part of structured-data-testing-tool (no types of its own) that bench/page-audit.ts uses.
declare module "structured-data-testing-tool" {
  export type Test = { description?: string; test?: string; schema?: string; error?: { message?: string } };
  export type Result = { schemas: string[]; passed: Test[]; failed: Test[]; warnings: Test[] };
  const tool: {
    structuredDataTest(input: Buffer | string, options: { presets?: unknown[] }): Promise<Result>;
  };
  export default tool;
}

declare module "structured-data-testing-tool/presets.js" {
  const presets: { Google: unknown; SocialMedia: unknown };
  export default presets;
}
