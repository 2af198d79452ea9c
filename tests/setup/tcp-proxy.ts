import net from "node:net";

export type TcpProxy = {
  port: number;
  /** Simulates the database going away: drops every open connection and refuses new ones. */
  cut(): Promise<void>;
  /** Drops every open connection and refuses new ones (ECONNREFUSED), keeping the port for restore(). */
  refuse(): Promise<void>;
  /**
   * A network that loses every packet: open connections stay open but nothing gets through
   * either way, and new connections are accepted and then never answered.
   */
  blackHole(): void;
  /** Back to passing bytes through: connections held in the black hole are dropped, as a peer would after a timeout. */
  restore(): Promise<void>;
};

type Mode = "pass" | "blackHole" | "refuse";

/** A loopback TCP proxy to host:port, so a test can pull the plug between a client and its server. */
export async function startTcpProxy({ host, port }: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: Mode = "pass";
  const track = (socket: net.Socket, peer?: () => net.Socket) => {
    sockets.add(socket);
    // Either side going away ends the pair; resets are expected when the plug is pulled.
    socket.on("error", () => {});
    socket.on("close", () => {
      sockets.delete(socket);
      peer?.().destroy();
    });
  };
  /** Forwards data only while bytes pass; in the black hole they are read and thrown away. */
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => {
      if (mode === "pass" && !to.destroyed) to.write(chunk);
    });
  };

  const handleConnection = (client: net.Socket) => {
    if (mode === "blackHole") {
      // Accepted, then silence: what a client sees when the network drops every packet.
      track(client);
      client.on("data", () => {});
      return;
    }
    const upstream = net.connect(port, host);
    track(client, () => upstream);
    track(upstream, () => client);
    forward(client, upstream);
    forward(upstream, client);
  };

  let proxy = net.createServer(handleConnection);
  const listen = (onPort: number) =>
    new Promise<void>((resolve, reject) => proxy.listen(onPort, "127.0.0.1", resolve).on("error", reject));
  await listen(0);
  const proxyPort = (proxy.address() as net.AddressInfo).port;

  const closeEverything = async () => {
    const closed = new Promise<void>((resolve) => (proxy.listening ? proxy.close(() => resolve()) : resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
  };

  return {
    port: proxyPort,
    cut: closeEverything,
    refuse: async () => {
      mode = "refuse";
      await closeEverything();
    },
    blackHole: () => {
      mode = "blackHole";
    },
    restore: async () => {
      if (mode === "blackHole") {
        for (const socket of sockets) socket.destroy();
      }
      if (!proxy.listening) {
        proxy = net.createServer(handleConnection);
        await listen(proxyPort);
      }
      mode = "pass";
    },
  };
}
