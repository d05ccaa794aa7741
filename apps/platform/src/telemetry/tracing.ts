import type { PGlite } from "@electric-sql/pglite";
import { tracingRequested } from "@kassa/node-server/tracing-requested";
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../http/app-env.js";

/**
 * Traces (OpenTelemetry, ADR 0043), switched on by `OTEL_EXPORTER_OTLP_ENDPOINT` (or its
 * traces-only form). This file imports nothing of OpenTelemetry: without the setting the SDK is
 * never loaded, and each hook below costs one check of a variable.
 */
export interface PlatformTracing {
  /** One SERVER span per request, a child of the caller's `traceparent` (the storefront's call). */
  traceRequest: MiddlewareHandler<AppEnv>;
  /** The embedded database's client, with a span per query made inside a traced request. */
  tracePglite<Client extends PGlite>(client: Client): Client;
  /** Sends the spans still buffered, then stops tracing. */
  shutdown(): Promise<void>;
}

let active: PlatformTracing | undefined;

/**
 * Starts tracing when the environment asks for it (once per process); answers `undefined`, having
 * imported nothing, when it does not. Call it before the database is opened: the PostgreSQL
 * driver is instrumented as tracing starts.
 */
export async function startTracing(
  env: NodeJS.ProcessEnv = process.env,
): Promise<PlatformTracing | undefined> {
  if (active || !tracingRequested(env)) return active;
  const { startTracingSdk } = await import("./tracing-sdk.js");
  active = startTracingSdk(env);
  return active;
}

/** The running tracing, if any. */
export function activeTracing(): PlatformTracing | undefined {
  return active;
}

/** The app's first middleware: hands the request to tracing when it runs, else passes it on. */
export const traceRequests = createMiddleware<AppEnv>((c, next) => {
  const tracing = active;
  return tracing ? tracing.traceRequest(c, next) : next();
});
