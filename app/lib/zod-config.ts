/**
 * Run in the page's head, before any module: zod compiles object parsers with new Function()
 * when it may, and its probe for that counts as an eval the Content-Security-Policy refuses (a
 * violation on every page). zod reads this global when it loads (its documented `jitless` setting);
 * set from a module it would come too late, as bundled chunks build schemas first.
 */
export const ZOD_CONFIG_SCRIPT = "globalThis.__zod_globalConfig={jitless:true};";
