// Entry point: `npm start` runs the production build, `npm run dev` runs Vite with hot reload.
// NODE_ENV is read here only to choose the mode; all other configuration is parsed in app/server/env.server.ts.
const production = process.env.NODE_ENV === "production";

async function load() {
  if (production) {
    const { startServer } = await import("./build/server/index.js");
    return startServer();
  }
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  const { startServer } = await devServer.ssrLoadModule("./app/server/http/start.server.ts");
  const running = await startServer({
    devMiddleware: devServer.middlewares,
    getBuild: () => devServer.ssrLoadModule("virtual:react-router/server-build"),
  });
  let closingVite;
  // A second call only cuts the grace short; Vite closes once.
  const stop = () => {
    const stopped = running.stop();
    return (closingVite ??= stopped.finally(() => devServer.close()));
  };
  return { ...running, stop };
}

try {
  const running = await load();
  let stopping = false;
  // The first signal starts a graceful shutdown; a second one cuts its grace period short.
  const onSignal = (signal) => {
    process.stderr.write(`\nreceived ${signal}\n`);
    if (stopping) return void running.stop();
    stopping = true;
    running.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
} catch (error) {
  console.error(`Aitlas could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
