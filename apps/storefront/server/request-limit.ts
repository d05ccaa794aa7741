import type { RequestHandler } from "express";
import pLimit from "p-limit";

/**
 * At most `atOnce` requests of this process are rendered at the same time; the others wait, in
 * the order they came, before any of their work starts (ADR 0028). A page in the making holds its
 * loaders' data, its React tree and its document: 200 of them at once took a worker past 350 MB,
 * while the two cores could only advance a few at a time anyway. Waiting in line costs a socket
 * and a closure. The health check never waits, so a balancer or Varnish does not take a busy
 * process for a dead one.
 */
export function requestLimit(atOnce: number, exempt: (path: string) => boolean): RequestHandler {
  if (atOnce <= 0) return (_req, _res, next) => next();
  const limit = pLimit(atOnce);
  return (req, res, next) => {
    if (exempt(req.path)) return next();
    void limit(
      () =>
        new Promise<void>((done) => {
          // A visitor who left while waiting is not served.
          if (res.writableEnded || req.socket.destroyed) return done();
          res.once("close", done);
          next();
        }),
    );
  };
}
