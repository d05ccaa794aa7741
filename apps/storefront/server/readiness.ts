import type { RequestHandler } from "express";
import { isSaturated } from "./health";
import type { LineLoad } from "./request-limit";

/** How long the platform has to answer the readiness probe's call. */
export const PLATFORM_PROBE_TIMEOUT_MS = 1000;
/** How long one probe's result stands: probes of every balancer and worker share one call. */
export const PLATFORM_PROBE_KEPT_MS = 1500;

/**
 * Whether the platform answers, asked at most once per `keptMs` however often `/readyz` is asked
 * (a balancer probing every second from several places must not hammer the platform): a `GET` of
 * `url` answering 2xx within `timeoutMs`. The platform is reached through its balancer, so while
 * no platform process is ready, the balancer's own 502/503 makes this false too.
 */
export function platformProbe(
  url: string,
  options: { timeoutMs?: number; keptMs?: number; now?: () => number } = {},
): () => Promise<boolean> {
  const { timeoutMs = PLATFORM_PROBE_TIMEOUT_MS, keptMs = PLATFORM_PROBE_KEPT_MS } = options;
  const now = options.now ?? Date.now;
  let last: { reachable: boolean; at: number } | undefined;
  let running: Promise<boolean> | undefined;
  const ask = async (): Promise<boolean> => {
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: "application/json" },
      });
      await response.body?.cancel();
      return response.ok;
    } catch {
      return false;
    }
  };
  return () => {
    if (last && now() - last.at < keptMs) return Promise.resolve(last.reachable);
    running ??= ask().then((reachable) => {
      last = { reachable, at: now() };
      running = undefined;
      return reachable;
    });
    return running;
  };
}

/** The platform's health page under an API base URL (`http://platform:4000` → `…/health`). */
export function platformHealthUrl(apiBaseUrl: string): string {
  return new URL("health", apiBaseUrl.endsWith("/") ? apiBaseUrl : `${apiBaseUrl}/`).href;
}

export interface ReadinessOptions {
  /** True once SIGTERM has come (`graceful-shutdown.ts`). */
  stopping: () => boolean;
  /** The render line's load, and the wait after which it counts as saturated (`health.ts`). */
  load: () => LineLoad;
  saturatedAfterMs: number;
  /** Whether the platform answers (`platformProbe`). */
  platformReachable: () => Promise<boolean>;
}

/**
 * `GET /readyz` (ADR 0042): whether a balancer should send this process new visitors now, 503
 * with the reason when not: `stopping` (SIGTERM came: requests in hand are finishing), `saturated`
 * (as `/healthz` says, ADR 0033), `platform-unreachable` (every page needs it; the process itself
 * is fine, so `/healthz`, the liveness check, stays 200 and nothing restarts it). Answered before
 * the render line, never waiting in it; never kept by a shared cache.
 */
export function readinessCheck(options: ReadinessOptions): RequestHandler {
  return async (_req, res) => {
    const unready = (reason: string, extra: object = {}) =>
      res
        .status(503)
        .set({ "Cache-Control": "no-store", "Retry-After": "1" })
        .json({ status: reason, ...extra });
    if (options.stopping()) return unready("stopping");
    const load = options.load();
    if (isSaturated(load, options.saturatedAfterMs)) return unready("saturated", load);
    if (!(await options.platformReachable())) return unready("platform-unreachable");
    // The process may have begun stopping while the platform was asked.
    if (options.stopping()) return unready("stopping");
    res.status(200).set("Cache-Control", "no-store").json({ status: "ready" });
  };
}
