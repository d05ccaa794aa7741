import type { RequestHandler } from "express";
import type { LineLoad } from "./request-limit";

/** `/healthz` as Remix matches it (any case, with or without the trailing `/`). */
const HEALTH_PATH = /^\/healthz\/?$/i;

/**
 * Saturated: every render slot is busy and the first request in line has waited longer than
 * `waitMs`. A process with no line (`KASSA_REQUESTS_AT_ONCE=0`) is never saturated here.
 */
export function isSaturated(load: LineLoad, waitMs: number): boolean {
  return load.atOnce > 0 && load.rendering >= load.atOnce && load.longestWaitMs > waitMs;
}

/**
 * The health check's answer when the process cannot keep up (ADR 0033): 503 with the line's
 * numbers, so a load balancer sends new visitors to another process until it catches up. Until
 * then the request goes on to the `healthz` route, which answers `ok`. Either way it never waits
 * in the line (`request-limit.ts`).
 */
export function saturationCheck(load: () => LineLoad, waitMs: number): RequestHandler {
  return (req, res, next) => {
    if (!HEALTH_PATH.test(req.path)) return next();
    const now = load();
    if (!isSaturated(now, waitMs)) return next();
    res
      .status(503)
      .set({ "Cache-Control": "no-store", "Retry-After": String(Math.ceil(waitMs / 1000)) })
      .json({ status: "saturated", ...now });
  };
}
