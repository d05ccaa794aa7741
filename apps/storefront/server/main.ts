import cluster from "node:cluster";
import { config } from "../app/modules/http/config.server";
import { logger } from "../app/modules/http/logger.server";
import { developmentDefaultsWarning } from "./development-defaults";

/**
 * Starts the storefront: `node build/express/main.js` (production, the default, as with
 * remix-serve) or `NODE_ENV=development tsx server/main.ts` (`pnpm dev`: Vite in middleware mode,
 * hot reload). Paths are relative to the storefront's folder, which is the working directory.
 * Settings: `PORT` (3000), `HOST` (all interfaces), `WEB_CONCURRENCY` (1), `KASSA_TRUSTED_PROXIES`,
 * `KASSA_ALLOWED_ORIGINS` and the rest of `app/modules/http/config.server.ts`.
 *
 * With `WEB_CONCURRENCY` above 1 (production only) this process becomes the cluster's primary: it
 * holds the port and runs that many workers (`workers.ts`), each of them a whole server
 * (`serve.ts`). The primary never loads the app, so it stays small.
 */
process.env.NODE_ENV ??= "production";

// A bad setting stops the server here, not at the first request (nor in every worker).
const settings = config();
if (cluster.isPrimary) {
  const warning = developmentDefaultsWarning(settings);
  if (warning) logger().warn(warning);
}

if (cluster.isPrimary && settings.isProduction && settings.webConcurrency > 1) {
  const { superviseWorkers } = await import("./workers");
  superviseWorkers({
    count: settings.webConcurrency,
    shutdownTimeoutMs: settings.operations.shutdownTimeoutMs,
  });
} else {
  const { serve } = await import("./serve");
  await serve(settings);
}
