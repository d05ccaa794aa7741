import { redactUrl } from "@kassa/node-server/redaction";
import type { RequestHandler, Response } from "express";
import type { Logger } from "../app/modules/http/logger.server";
import { requestContextOf } from "./request-id";

/** The Remix route that answered (`routes/cart`), set by the Remix handler once it matched one. */
export function setAnsweringRoute(res: Response, routeId: string): void {
  res.locals.route = routeId;
}

/**
 * One log line per request (ADR 0040), written when the answer ends: method, route (the Remix
 * route's id, so a collector can group `/produkt/a` and `/produkt/b`; the path for files and other
 * answers no route gave), the path with secrets in its query redacted (ADR 0033), status,
 * duration in milliseconds, and the request id. A request the shopper left before its answer was
 * sent says so (`aborted`).
 */
export function accessLog(log: () => Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const path = redactUrl(req.originalUrl ?? req.url ?? "");
      const route = typeof res.locals.route === "string" ? res.locals.route : undefined;
      const aborted = !res.writableFinished;
      log().info(
        {
          requestId: requestContextOf(req)?.requestId,
          method: req.method,
          route: route ?? req.path,
          path,
          status: res.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
          ...(aborted ? { aborted } : {}),
        },
        `${req.method} ${path} ${res.statusCode} ${durationMs.toFixed(1)} ms`,
      );
    });
    next();
  };
}
