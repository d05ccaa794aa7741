import type { Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { type AppDependencies, createApp } from "./app.js";
import { completeConfig, type PartialPlatformConfig } from "./config.js";
import type { Database } from "./db/open-database.js";
import { lingerBeforeClosing } from "./http/lingering-close.js";

export interface RunningServer {
  /** Where the server listens, e.g. `http://127.0.0.1:53117`. */
  url: string;
  port: number;
  /** Closes every connection at once, requests in flight too: for tests. */
  close(): Promise<void>;
  /**
   * The graceful stop (SIGTERM, `main.ts`): stops accepting connections, lets the requests in
   * flight finish and closes each connection once it is idle, and after `timeoutMs` cuts the
   * connections still busy. Resolves when none is left, to how many were cut.
   */
  shutdown(timeoutMs: number): Promise<{ cut: number }>;
}

/** How often a shutting-down server closes the connections whose request has finished. */
const IDLE_SWEEP_MS = 50;

export interface ServeOptions extends Omit<AppDependencies, "config"> {
  db: Database;
  /**
   * Leave `publicUrl` out to use the address the server ends up listening on. Other settings left
   * out take their defaults (storefront on localhost:3000, outbox pages on, no SMTP).
   */
  config: PartialPlatformConfig;
  port: number;
  host: string;
}

/**
 * Serves the app on Node. The app is built after the socket is bound, so that with port 0 the
 * image URLs it hands out carry the real port.
 */
export async function serve({
  config,
  port,
  host,
  ...dependencies
}: ServeOptions): Promise<RunningServer> {
  let app: ReturnType<typeof createApp> | undefined;
  const server = createAdaptorServer({
    fetch: (request, env) => {
      if (!app) return new Response("Starting", { status: 503 });
      return app.fetch(request, env);
    },
  });
  const http = server as Server;
  lingerBeforeClosing(http);
  const connections = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const address = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  const url = `http://${urlHost}:${address.port}`;
  app = createApp({ ...dependencies, config: completeConfig(config, url) });

  return {
    url,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Keep-alive connections from fetch would hold the server open.
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
    shutdown: (timeoutMs) =>
      new Promise((resolve) => {
        let cut = 0;
        // Stops listening (a new connection is refused) and closes the idle keep-alive ones.
        // A busy connection is left to finish its request: Node would keep it open for the next
        // one, so the sweep closes it once idle (`closeAllConnections()` would end requests in
        // flight, which is what this is for not doing).
        const sweep = setInterval(() => http.closeIdleConnections(), IDLE_SWEEP_MS);
        const deadline = setTimeout(() => {
          cut = connections.size;
          http.closeAllConnections();
        }, timeoutMs);
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve({ cut });
        });
        http.closeIdleConnections();
      }),
  };
}
