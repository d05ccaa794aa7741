import type { ServerBuild } from "@remix-run/node";
import type { Express } from "express";
import { clusterMetrics } from "./cluster-metrics";
import {
  measureRequests,
  metricsEndpoint,
  metricsReaders,
  processMetrics,
  reportRenderLine,
} from "./metrics";
import { platformProbe, readinessCheck } from "./readiness";
import type { RequestLimit } from "./request-limit";
import { routeIdOf } from "./route-label";

/** What the operator's endpoints need (ADR 0042); every field has a default for tests. */
export interface OperationsOptions {
  /** Who may read `/metrics` beside loopback (`KASSA_METRICS_ALLOWED`). */
  metricsAllowed?: readonly string[];
  /** `/metrics` sums the cluster's workers through the primary (a cluster worker only). */
  clusterMetrics?: boolean;
  /** The platform's health URL `/readyz` asks (`platformHealthUrl`); unset: not asked. */
  platformHealthUrl?: string;
  /** True once the process is stopping (`graceful-shutdown.ts`). */
  stopping?: () => boolean;
}

/**
 * The operator's side of the server, mounted before the render line: every request's time into the
 * histogram (by Remix route id), `GET /metrics` and `GET /readyz`. Returns the build to hand to
 * Remix: in development, where the build is a function, the one Remix last loaded is remembered
 * so that the route ids come from it.
 */
export function mountOperations(
  app: Express,
  options: {
    build: ServerBuild | (() => Promise<ServerBuild>);
    line: RequestLimit;
    saturatedAfterMs: number;
    operations?: OperationsOptions;
  },
): ServerBuild | (() => Promise<ServerBuild>) {
  const operations = options.operations ?? {};
  let latest: ServerBuild | undefined;
  const given = options.build;
  const build =
    typeof given === "function"
      ? async () => {
          latest = await given();
          return latest;
        }
      : given;
  if (typeof given !== "function") latest = given;

  reportRenderLine(options.line.load);
  app.use(
    measureRequests((path) => {
      if (path === "/metrics" || path === "/readyz") return path;
      return latest ? routeIdOf(latest, path) : "unmatched";
    }),
  );
  app.get(
    "/metrics",
    metricsEndpoint(
      metricsReaders(operations.metricsAllowed ?? []),
      operations.clusterMetrics ? () => clusterMetrics() : processMetrics,
    ),
  );
  const platformHealthUrl = operations.platformHealthUrl;
  app.get(
    "/readyz",
    readinessCheck({
      stopping: operations.stopping ?? (() => false),
      load: options.line.load,
      saturatedAfterMs: options.saturatedAfterMs,
      platformReachable: platformHealthUrl ? platformProbe(platformHealthUrl) : async () => true,
    }),
  );
  return build;
}
