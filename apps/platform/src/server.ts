import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { createApp } from "./app.js";
import type { PlatformConfig } from "./config.js";
import type { Database } from "./db/open-database.js";

export interface RunningServer {
  /** Where the server listens, e.g. `http://127.0.0.1:53117`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface ServeOptions {
  db: Database;
  /** Leave `publicUrl` out to use the address the server ends up listening on. */
  config: Omit<PlatformConfig, "publicUrl"> & { publicUrl?: string };
  port: number;
  host: string;
}

/**
 * Serves the app on Node. The app is built after the socket is bound, so that with port 0 the
 * image URLs it hands out carry the real port.
 */
export async function serve({ db, config, port, host }: ServeOptions): Promise<RunningServer> {
  let app: ReturnType<typeof createApp> | undefined;
  const server = createAdaptorServer({
    fetch: (request, env) => {
      if (!app) return new Response("Starting", { status: 503 });
      return app.fetch(request, env);
    },
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
  app = createApp({ db, config: { ...config, publicUrl: config.publicUrl ?? url } });

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
