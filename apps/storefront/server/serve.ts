import cluster from "node:cluster";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import { shutDownCacheTagSource } from "../app/modules/cache/cache-tag-source.server";
import { purgeAllSharedPages } from "../app/modules/cache/shared-cache-purge.server";
import type { StorefrontConfig } from "../app/modules/http/config.server";
import { logger } from "../app/modules/http/logger.server";
import { createApp } from "./app";
import { storefrontBodyLimits } from "./body-limit";
import { joinClusterMetrics } from "./cluster-metrics";
import { gracefulShutdown } from "./graceful-shutdown";
import { platformHealthUrl } from "./readiness";
import { flushTraces, startTracing } from "./telemetry";
import { createStorefrontServer } from "./timeouts";

/**
 * One storefront process serving the port: the whole server when `WEB_CONCURRENCY` is 1, or one
 * of the cluster's workers (`workers.ts`), which share the port the primary holds. Paths are
 * relative to the storefront's folder, which is the working directory.
 */
export async function serve(settings: StorefrontConfig): Promise<void> {
  const production = process.env.NODE_ENV === "production";
  // Before the app is made: its first middleware and the Remix build are traced from the start.
  await startTracing();
  installGlobals({ nativeFetch: true });

  const vite = production
    ? undefined
    : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

  const build = vite
    ? () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>
    : ((await import(pathToFileURL(resolve("build/server/index.js")).href)) as ServerBuild);

  // The server is made below, once the app is; `/readyz` asks it whether it is stopping.
  let stopping = () => false;
  if (cluster.isWorker) joinClusterMetrics();
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
    operations: {
      metricsAllowed: settings.operations.metricsAllowed,
      clusterMetrics: cluster.isWorker,
      platformHealthUrl: platformHealthUrl(settings.shopperApiUrl),
      stopping: () => stopping(),
    },
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
    logger().info(`${who}listening on http://${shownHost}:${port}`);
    // The shared cache's pages name the previous build's scripts: a new build starts without
    // them. Once per start of the server: the cluster's first worker does it for all, and a
    // worker replacing a dead one runs the same build.
    if (!cluster.isWorker || cluster.worker?.id === 1) void purgeAllSharedPages();
  };
  const server = createStorefrontServer(app, settings.edge);
  const shutdown = gracefulShutdown(server);
  stopping = shutdown.stopping;
  if (host) server.listen(port, host, onListen);
  else server.listen(port, onListen);

  // SIGTERM (ADR 0042): stop taking connections, `/readyz` 503, the requests in hand finish
  // within KASSA_SHUTDOWN_TIMEOUT_MS and the rest are then cut, exit 0. A worker hears a
  // terminal's Ctrl-C both from the terminal and from the primary passing it on: the drain is
  // started once.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      if (shutdown.stopping()) return;
      const timeoutMs = settings.operations.shutdownTimeoutMs;
      logger().info(`${who}${signal}: finishing requests in flight (at most ${timeoutMs} ms)`);
      // The cache-tag stream (or Redis) is an open connection too: without closing it the process
      // would wait for it forever. For good: a request still in flight must not open it again
      // (seen behind Varnish, where a late request kept a process alive).
      shutDownCacheTagSource();
      void shutdown.drain(timeoutMs).then(async (outcome) => {
        if (outcome === "forced") {
          logger().warn(`${who}requests still in flight after ${timeoutMs} ms were cut`);
        }
        await vite?.close();
        // The spans still buffered go to the collector (ADR 0043).
        await flushTraces();
        // Nothing is left to do once the requests are answered: exit rather than wait for the IPC
        // channel, a keep-alive agent's socket to the platform or any other handle to close.
        process.exit(0);
      });
    });
  }
}
