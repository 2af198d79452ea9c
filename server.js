// Entry point: `npm start` runs the production build, `npm run dev` runs Vite with hot reload.
// NODE_ENV is read here only to choose the mode; all other configuration is parsed in app/server/env.ts.
const production = process.env.NODE_ENV === "production";

async function load() {
  if (production) {
    const { startServer } = await import("./build/server/index.js");
    return startServer();
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const { startServer } = await devServer.ssrLoadModule("./app/server/http/start.ts");
  const running = await startServer({
    devMiddleware: devServer.middlewares,
    getBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
  });
  return { ...running, stop: () => running.stop().finally(() => devServer.close()) };
}

try {
  const running = await load();
  const onSignal = (signal) => {
    process.stderr.write(`\nreceived ${signal}\n`);
    running.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", onSignal);
  process.once("SIGINT", onSignal);
} catch (error) {
  console.error(`Aitlas could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
