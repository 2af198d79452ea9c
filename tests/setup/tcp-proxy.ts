import net from "node:net";

export type TcpProxy = {
  port: number;
  /** Simulates the database going away: drops every open connection and refuses new ones. */
  cut(): Promise<void>;
};

/** A loopback TCP proxy to host:port, so a test can pull the plug between a client and its server. */
export async function startTcpProxy({ host, port }: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket, peer: () => net.Socket) => {
    sockets.add(socket);
    // Either side going away ends the pair; resets are expected when the plug is pulled.
    socket.on("error", () => {});
    socket.on("close", () => {
      sockets.delete(socket);
      peer().destroy();
    });
  };

  const proxy = net.createServer((client) => {
    const upstream = net.connect(port, host);
    track(client, () => upstream);
    track(upstream, () => client);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve, reject) => proxy.listen(0, "127.0.0.1", resolve).on("error", reject));

  return {
    port: (proxy.address() as net.AddressInfo).port,
    cut: async () => {
      const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
