import { createRequire } from "node:module";
import { startNodeTracing } from "@kassa/node-server/tracing";
import { PgInstrumentation } from "@opentelemetry/instrumentation-pg";
import { tracePgliteQueries } from "./pglite-spans.js";
import { requestSpans } from "./request-spans.js";
import type { PlatformTracing } from "./tracing.js";

/** The service name in traces unless `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) says otherwise. */
export const PLATFORM_SERVICE_NAME = "kassa-platform";

/** The tracer the platform's own spans (requests, PGlite queries) are made by. */
const TRACER_NAME = "@kassa/platform";

/**
 * The OpenTelemetry SDK (`@kassa/node-server/tracing`, as the storefront runs it), loaded only
 * when tracing is asked for (`tracing.ts`), with the PostgreSQL driver's instrumentation beside
 * the outbound calls' (payment providers): only queries made for a request, since the job
 * queue's polling would otherwise be a trace a second.
 */
export function startTracingSdk(env: NodeJS.ProcessEnv): PlatformTracing {
  const { tracer, shutdown } = startNodeTracing(env, {
    serviceName: PLATFORM_SERVICE_NAME,
    tracerName: TRACER_NAME,
    warn: (message) => console.warn(`[platform] traces: ${message}`),
    instrumentations: [new PgInstrumentation({ requireParentSpan: true })],
  });
  instrumentLoadedPg();
  return {
    traceRequest: requestSpans(tracer),
    tracePglite: (client) => tracePgliteQueries(client, tracer),
    shutdown,
  };
}

/**
 * The pg instrumentation patches `pg` (and `pg-pool`) as they pass through `require`. This ES
 * module app imported them before tracing started, which `require` never saw; requiring them again
 * now hands the loaded modules to the hook, which patches their classes' prototypes, and with them
 * every pool and client made from them.
 */
function instrumentLoadedPg(): void {
  const require = createRequire(import.meta.url);
  const pgEntry = require.resolve("pg");
  require("pg");
  createRequire(pgEntry)("pg-pool");
}
