import { connect, type Socket } from "node:net";

/**
 * A hand-driven HTTP/1.1 connection for the edge's tests: it writes what it is told, when it is
 * told (a header a byte at a time, a body that never ends), and records what came back and when
 * the server closed it. `fetch` cannot send that way.
 */
export interface RawConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Whether the server (or the network) closed the connection. */
  closed(): boolean;
  /** Resolves when the connection closes. */
  whenClosed: Promise<void>;
  /** Resolves once `pattern` appears in what the server sent. */
  waitFor(pattern: RegExp): Promise<string>;
  /** Writes unless the connection is gone; says whether it wrote. */
  write(data: string | Buffer): boolean;
}

export function openConnection(url: string): Promise<RawConnection> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = "";
    let isClosed = false;
    const waiters: { pattern: RegExp; done: (text: string) => void }[] = [];
    const whenClosed = new Promise<void>((done) => socket.once("close", () => done()));
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
      for (const waiter of waiters.splice(0)) {
        if (waiter.pattern.test(text)) waiter.done(text);
        else waiters.push(waiter);
      }
    });
    // A reset after the server's answer is the server closing on a client still sending.
    socket.on("error", () => {});
    socket.once("close", () => {
      isClosed = true;
    });
    socket.once("connect", () =>
      resolve({
        socket,
        received: () => text,
        closed: () => isClosed,
        whenClosed,
        waitFor: (pattern) =>
          pattern.test(text)
            ? Promise.resolve(text)
            : new Promise((done) => waiters.push({ pattern, done })),
        write: (data) => {
          if (isClosed || socket.destroyed || !socket.writable) return false;
          socket.write(data);
          return true;
        },
      }),
    );
    socket.once("error", reject);
  });
}

export const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
