import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Each of React Router v8's changes, answered so the build stops warning about them (decision 088).
  // Not adopted yet: each changes how requests reach our code and wants its own migration and e2e run.
  future: {
    // Loaders would get a RouterContextProvider instead of our AppLoadContext (context.db, context.viewer).
    v8_middleware: false,
    // Client-only exports (the tool page's and /saved's clientAction) would load as chunks of their own.
    v8_splitRouteModules: false,
    // The server bundle's entry (vite.config.ts, build.rollupOptions.input) would move under environments.ssr.
    v8_viteEnvironmentApi: false,
    // Loaders would see the raw request (a `.data` address) that guards and the page cache now never see.
    v8_passThroughRequests: false,
    // `.data` addresses of paths ending in a slash would change, and with them the cached-hit keys.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
