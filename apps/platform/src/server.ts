import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { type AppDependencies, createApp } from "./app.js";
import { completeConfig, type PartialPlatformConfig } from "./config.js";
import type { Database } from "./db/open-database.js";
import { lingerBeforeClosing } from "./http/lingering-close.js";

export interface RunningServer {
  /** Where the server listens, e.g. `http://127.0.0.1:53117`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

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
  lingerBeforeClosing(server as Server);

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
  };
}
