import { createServer, type Server } from "node:http";
import { type AddressInfo, connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { lingerBeforeClosing } from "./lingering-close.js";

/** A server that answers 413 with `Connection: close` without reading the body, as body-limit does. */
function refusingServer(): { server: Server; sockets: Socket[] } {
  const sockets: Socket[] = [];
  const server = createServer((request, response) => {
    sockets.push(request.socket);
    response.writeHead(413, { connection: "close", "content-length": "2" });
    response.end("no");
  });
  return { server, sockets };
}

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

async function send(target: Server): Promise<{ client: Socket; answered: Promise<string> }> {
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  const { port } = target.address() as AddressInfo;
  // A client that keeps its side open when the server ends its own (one busy sending, say).
  const client = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
  client.on("error", () => {});
  let received = "";
  const answered = new Promise<string>((resolve) => {
    client.on("data", (data) => {
      received += data.toString("latin1");
      if (received.includes("\r\n\r\n")) resolve(received);
    });
  });
  // A body still coming when the answer goes.
  client.write("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
  client.write(`10000\r\n${"x".repeat(0x10000)}\r\n`);
  return { client, answered };
}

const closedSoon = (socket: Socket, ms: number) =>
  new Promise<boolean>((resolve) => {
    if (socket.destroyed) return resolve(true);
    const timer = setTimeout(() => resolve(socket.destroyed), ms);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });

describe("lingering close", () => {
  it("ends the server's side after the answer but keeps the socket a moment, then lets go", async () => {
    const refusing = refusingServer();
    server = refusing.server;
    lingerBeforeClosing(server, { lingerMs: 400 });
    const { client, answered } = await send(server);
    expect(await answered).toMatch(/^HTTP\/1\.1 413/);
    const socket = refusing.sockets[0] as Socket;
    // Not closed at once (a reset then could wipe the answer from the client's buffer) …
    expect(await closedSoon(socket, 150)).toBe(false);
    expect(socket.writableEnded).toBe(true);
    // … and not kept past the linger.
    expect(await closedSoon(socket, 1_000)).toBe(true);
    client.destroy();
  });

  it("is what Node does not do by itself: without it the socket goes with the answer", async () => {
    const refusing = refusingServer();
    server = refusing.server;
    const { client, answered } = await send(server);
    await answered.catch(() => "");
    expect(await closedSoon(refusing.sockets[0] as Socket, 150)).toBe(true);
    client.destroy();
  });
});
