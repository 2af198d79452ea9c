import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    rollupOptions: {
      // The server bundle's entry is our HTTP server, which imports React Router's build
      // as a virtual module: one bundle holds both, so they share one database client.
      ...(isSsrBuild ? { input: "./app/server/http/start.server.ts" } : {}),
      // Rolldown's "plugins took N% of the build" table says more about a busy machine than about
      // this app; the build stays a few lines (decision 088).
      checks: { bundlerTimings: false },
    },
  },
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native or WASM packages stay outside the bundle and load from node_modules.
    external: ["@electric-sql/pglite", "pg", "pino", "pino-pretty", "sanitize-html"],
  },
}));
