import type { Server } from "node:http";
import type { Socket } from "node:net";

/** How long a closing connection keeps its socket open after an answer sent before the body was read. */
export const LINGER_MS = 1_000;

const unreadBody = Symbol("aitlas.unreadBody");
type LingeringSocket = Socket & { [unreadBody]?: boolean };

/**
 * An answer sent before the request body was read (a 413 to an oversized upload) closes the
 * connection. Node closes the socket as soon as the answer is flushed; the client is still sending,
 * so the kernel answers its next bytes with a reset, and a client that writes before it reads (a
 * browser, undici) reports "connection reset" instead of the answer. Like nginx's lingering close
 * and Go's net/http, such a socket is closed for writing first and destroyed a moment later, once
 * the client has had time to read the answer. Every other close is as immediate as before.
 */
export function lingerAfterEarlyAnswers(server: Server) {
  server.on("connection", (socket: LingeringSocket) => {
    // Node's HTTP server ends a connection whose last answer said "Connection: close" with destroySoon.
    socket.destroySoon = function lingeringDestroySoon(this: LingeringSocket) {
      if (this.writable) this.end();
      const destroy = () => {
        if (!this[unreadBody]) return void this.destroy();
        // The client's bytes still arriving are read and dropped, so they fill no buffer meanwhile.
        this.removeAllListeners("data");
        this.on("data", () => undefined).resume();
        setTimeout(() => this.destroy(), LINGER_MS).unref();
      };
      if (this.writableFinished) destroy();
      else this.once("finish", destroy);
    };
  });
  server.on("request", (req, res) => {
    const socket = req.socket as LingeringSocket;
    // Registered after Node's own "finish" listener, which calls destroySoon synchronously; the
    // socket's own "finish" (the answer flushed) comes later, so the mark is there in time.
    res.once("finish", () => {
      if (!req.complete) socket[unreadBody] = true;
    });
  });
}
