import type { Server } from "node:http";
import { logger } from "../logger.server";

/**
 * Graceful shutdown in two steps, all within timeoutMs of the signal:
 * 1. drain: for graceMs the server keeps accepting and serving while /readyz answers 503, so a
 *    load balancer takes it out of rotation before any connection is refused;
 * 2. close: the port closes, idle keep-alive connections are closed, in-flight requests finish
 *    (with Connection: close) until the deadline, when whatever is left is cut.
 */
export function drainThenClose({
  server,
  graceMs,
  timeoutMs,
  onDrain,
  onClose,
}: {
  server: Server;
  graceMs: number;
  timeoutMs: number;
  onDrain: () => void;
  onClose: () => void;
}) {
  let endGrace = () => {};

  async function run() {
    const deadlineAt = Date.now() + timeoutMs;
    onDrain();
    if (graceMs > 0) {
      logger.info({ graceMs }, "shutting down: still serving while /readyz answers 503");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, graceMs);
        endGrace = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    onClose();
    logger.info("shutting down: finishing in-flight requests");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive sockets would hold close() open; in-flight ones get Connection: close.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineAt - Date.now())));
    await Promise.race([closed, deadline]);
    clearTimeout(timer);
    clearInterval(sweep);
    server.closeAllConnections();
  }

  return {
    run,
    /** Ends the grace period now (a second signal): the server closes its port at once. */
    endGrace: () => endGrace(),
  };
}
