import { tracingRequested } from "@kassa/node-server/tracing-requested";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";

/**
 * Traces (OpenTelemetry, ADR 0043), switched on by `OTEL_EXPORTER_OTLP_ENDPOINT` (or its
 * traces-only form). This file imports nothing of OpenTelemetry: without the setting the SDK is
 * never loaded, and each hook below costs one check of a variable.
 */
export interface StorefrontTracing {
  /** One SERVER span per request; its platform calls and route loaders are its children. */
  traceRequest: RequestHandler;
  /** The Remix build with a span around each route's loader and action. */
  traceBuild(build: ServerBuild): ServerBuild;
  /** Sends the spans still buffered, then stops tracing. */
  shutdown(): Promise<void>;
}

let active: StorefrontTracing | undefined;

/**
 * Starts tracing when the environment asks for it (once per process: each cluster worker has its
 * own); answers `undefined`, having imported nothing, when it does not.
 */
export async function startTracing(
  env: NodeJS.ProcessEnv = process.env,
): Promise<StorefrontTracing | undefined> {
  if (active || !tracingRequested(env)) return active;
  const { startTracingSdk } = await import("./telemetry-sdk");
  active = startTracingSdk(env);
  return active;
}

/** The running tracing, if any. */
export function activeTracing(): StorefrontTracing | undefined {
  return active;
}

/** The server's first middleware: hands the request to tracing when it runs, else passes it on. */
export const traceRequests: RequestHandler = (req, res, next) => {
  const tracing = active;
  if (tracing) tracing.traceRequest(req, res, next);
  else next();
};

/** The build as it is without tracing; with it, each loader and action in a span of its own. */
export function tracedBuild(
  build: ServerBuild | (() => Promise<ServerBuild>),
): ServerBuild | (() => Promise<ServerBuild>) {
  const tracing = active;
  if (!tracing) return build;
  if (typeof build !== "function") return tracing.traceBuild(build);
  // Development: Vite hands out the current build on each request.
  return async () => tracing.traceBuild(await build());
}

/** Sends the spans still buffered (at shutdown); nothing to do without tracing. */
export async function flushTraces(): Promise<void> {
  await active?.shutdown();
}
