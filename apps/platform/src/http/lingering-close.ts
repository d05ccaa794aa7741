import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface LingerOptions {
  /** How long a closing connection waits for the client to close its side. @default 2000 */
  lingerMs?: number;
}

/**
 * Closes connections the way Apache and nginx do (nginx's `lingering_close`): when the server
 * ends a connection while the client is still sending (a 413 that cuts an upload off, with
 * `Connection: close`), it sends its answer and its end of the stream, then keeps the socket open
 * for a moment before it lets go.
 *
 * Node closes such a socket as soon as the answer is written. Bytes the client sends after that
 * reach a closed socket, and the kernel answers them with a reset, which can wipe the answer from
 * the client's receive buffer before the client read it: the client then sees "connection reset"
 * where the 413 was. The upload test that cuts a chunked body off saw that one run in four.
 */
export function lingerBeforeClosing(server: Server, { lingerMs = 2_000 }: LingerOptions = {}) {
  server.on("connection", (socket: Socket) => {
    socket.destroySoon = () => {
      if (socket.destroyed) return;
      // The answer is written first, then the end of the stream: the client reads both in order.
      socket.end();
      const timer = setTimeout(() => socket.destroy(), lingerMs);
      timer.unref();
      socket.once("close", () => clearTimeout(timer));
    };
  });
}
