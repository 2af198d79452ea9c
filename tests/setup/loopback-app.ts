import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Express } from "express";

export type LoopbackApp = { base: string; close(): Promise<void> };

/** An Express app listening on a free loopback port, for tests that speak HTTP to handlers in process. */
export async function listenOnLoopback(app: Express): Promise<LoopbackApp> {
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
