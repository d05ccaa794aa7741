import { startNodeTracing } from "@kassa/node-server/tracing";
import type { StorefrontTracing } from "./telemetry";
import { traceRemixBuild } from "./telemetry-remix-spans";
import { requestSpans } from "./telemetry-request-spans";

/** The service name in traces unless `OTEL_SERVICE_NAME` (or `OTEL_RESOURCE_ATTRIBUTES`) says otherwise. */
export const STOREFRONT_SERVICE_NAME = "kassa-storefront";

/** The tracer the storefront's own spans (requests, loaders, actions) are made by. */
const TRACER_NAME = "@kassa/storefront";

/**
 * The OpenTelemetry SDK (`@kassa/node-server/tracing`, as the platform runs it), loaded only when
 * tracing is asked for (`telemetry.ts`): each platform call (Node's fetch, `platformFetch`)
 * carries the W3C `traceparent` of its span, and the request, its loaders and actions have spans
 * of their own.
 */
export function startTracingSdk(env: NodeJS.ProcessEnv): StorefrontTracing {
  const { tracer, shutdown } = startNodeTracing(env, {
    serviceName: STOREFRONT_SERVICE_NAME,
    tracerName: TRACER_NAME,
    warn: (message) => console.warn(`[storefront] traces: ${message}`),
  });
  return {
    traceRequest: requestSpans(tracer),
    traceBuild: (build) => traceRemixBuild(build, tracer),
    shutdown,
  };
}
