import cluster from "node:cluster";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import { shutDownCacheTagSource } from "../app/modules/cache/cache-tag-source.server";
import { purgeAllSharedPages } from "../app/modules/cache/shared-cache-purge.server";
import type { StorefrontConfig } from "../app/modules/http/config.server";
import { createApp } from "./app";
import { storefrontBodyLimits } from "./body-limit";
import { createStorefrontServer } from "./timeouts";

/**
 * One storefront process serving the port: the whole server when `WEB_CONCURRENCY` is 1, or one
 * of the cluster's workers (`workers.ts`), which share the port the primary holds. Paths are
 * relative to the storefront's folder, which is the working directory.
 */
export async function serve(settings: StorefrontConfig): Promise<void> {
  const production = process.env.NODE_ENV === "production";
  installGlobals({ nativeFetch: true });

  const vite = production
    ? undefined
    : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

  const build = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild);

  const app = createApp({
    build,
    mode: production ? "production" : "development",
    trustedProxies: settings.trustedProxies,
    allowedOrigins: settings.allowedOrigins,
    requestsAtOnce: settings.requestsAtOnce,
    saturatedAfterMs: settings.edge.saturatedAfterMs,
    bodyLimits: storefrontBodyLimits({
      formBytes: settings.edge.formMaxBytes,
      printFileMaxMb: settings.settings.printFileMaxMb,
      timeoutMs: settings.edge.bodyTimeoutMs,
    }),
    vite,
    clientDirectory: resolve("build/client"),
    logRequests: true,
  });

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST;
  // One address to open: localhost, unless the server listens on one particular address.
  const shownHost =
    !host || ["0.0.0.0", "::", "[::]"].includes(host)
      ? "localhost"
      : host.includes(":") && !host.startsWith("[")
        ? `[${host}]`
        : host;
  const who = cluster.isWorker ? `worker ${cluster.worker?.id} (pid ${process.pid}) ` : "";
  const onListen = () => {
    console.log(`[storefront] ${who}listening on http://${shownHost}:${port}`);
    // The shared cache's pages name the previous build's scripts: a new build starts without
    // them. Once per start of the server: the cluster's first worker does it for all, and a
    // worker replacing a dead one runs the same build.
    if (!cluster.isWorker || cluster.worker?.id === 1) void purgeAllSharedPages();
  };
  const server = createStorefrontServer(app, settings.edge);
  if (host) server.listen(port, host, onListen);
  else server.listen(port, onListen);

  // A worker hears a terminal's Ctrl-C both from the terminal and from the primary passing it on:
  // the second must not start a second shutdown.
  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      server.close((error) => {
        if (error) console.error(error);
        // A worker has nothing left to do once its requests are answered: exit rather than wait
        // for its IPC channel and any other handle to close.
        if (cluster.isWorker) process.exit(0);
      });
      // The cache-tag stream (or Redis) is an open connection too: without closing it the process
      // would wait for it forever. For good: a request still in flight must not open it again
      // (seen behind Varnish, where a late request kept a process alive).
      shutDownCacheTagSource();
      void vite?.close();
    });
  }
}
