import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { installGlobals, type ServerBuild } from "@remix-run/node";
import { stopCacheTagSource } from "../app/modules/cache/cache-tag-source.server";
import { purgeAllSharedPages } from "../app/modules/cache/shared-cache-purge.server";
import { config } from "../app/modules/http/config.server";
import { createApp } from "./app";

/**
 * Starts the storefront: `node build/express/main.js` (production, the default, as with
 * remix-serve) or `NODE_ENV=development tsx server/main.ts` (`pnpm dev`: Vite in middleware mode,
 * hot reload). Paths are relative to the storefront's folder, which is the working directory.
 * Settings: `PORT` (3000), `HOST` (all interfaces), `KASSA_TRUSTED_PROXIES`, `KASSA_ALLOWED_ORIGINS`
 * and the rest of `app/modules/http/config.server.ts`.
 */
process.env.NODE_ENV ??= "production";
const production = process.env.NODE_ENV === "production";
installGlobals({ nativeFetch: true });

// A bad setting stops the server here, not at the first request.
const settings = config();

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
const onListen = () => {
  console.log(`[storefront] listening on http://${shownHost}:${port}`);
  // The shared cache's pages name the previous build's scripts: a new build starts without them.
  void purgeAllSharedPages();
};
const server = host ? app.listen(port, host, onListen) : app.listen(port, onListen);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close((error) => {
      if (error) console.error(error);
    });
    // The cache-tag stream (or Redis) is an open connection too: without closing it the process
    // would wait for it forever.
    stopCacheTagSource();
    void vite?.close();
  });
}
