import net from "node:net";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "./client.server";
import { isDatabaseUnavailable } from "./database-unavailable.server";

// Real failures from the real driver, each one classified: an outage (503) or a bug (500).

const opened: DatabaseHandle[] = [];
const servers: net.Server[] = [];
const sockets = new Set<net.Socket>();
afterEach(async () => {
  sockets.forEach((socket) => socket.destroy());
  await Promise.all(opened.splice(0).map((handle) => handle.close()));
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A loopback server that plays a broken database: onConnection decides what it does with a client. */
async function listen(onConnection: (socket: net.Socket) => void = () => {}) {
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    onConnection(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { server, port: (server.address() as net.AddressInfo).port };
}

async function postgresAt(port: number) {
  const handle = await openDatabase({
    kind: "postgres",
    url: `postgres://postgres@127.0.0.1:${port}/aitlas`,
    timeouts: { connectMs: 300, queryMs: 300 },
  });
  opened.push(handle);
  return handle;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a failure");
    },
    (error: unknown) => error,
  );
}

describe("isDatabaseUnavailable", () => {
  it("is true for a database that refuses connections", async () => {
    const { server, port } = await listen();
    servers.pop();
    await new Promise((resolve) => server.close(resolve));
    const error = await failureOf(postgresAt(port).then((handle) => handle.db.execute(sql`select 1`)));
    expect(error).toMatchObject({ cause: { code: "ECONNREFUSED" } });
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is true for a database that accepts and then never answers", async () => {
    const { port } = await listen();
    const error = await failureOf(postgresAt(port).then((handle) => handle.db.execute(sql`select 1`)));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is true for a connection that drops mid-conversation", async () => {
    const { port } = await listen((socket) => socket.once("data", () => socket.destroy()));
    const error = await failureOf(postgresAt(port).then((handle) => handle.db.execute(sql`select 1`)));
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("is false for a bug: a query the database rejects", async () => {
    const handle = await openDatabase({ kind: "pglite" });
    opened.push(handle);
    const error = await failureOf(handle.db.execute(sql`select * from no_such_table`));
    expect(error).toMatchObject({ cause: { code: "42P01" } });
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
