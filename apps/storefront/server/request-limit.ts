import type { RequestHandler } from "express";
import pLimit from "p-limit";

/** How busy the line is: what the health check reports (`health.ts`). */
export interface LineLoad {
  /** Requests rendered at once at most (`KASSA_REQUESTS_AT_ONCE`; 0: no limit). */
  atOnce: number;
  /** Requests being rendered now. */
  rendering: number;
  /** Requests waiting in line. */
  waiting: number;
  /** How long the first request in line has waited, in milliseconds (0 when none waits). */
  longestWaitMs: number;
}

export interface RequestLimit extends RequestHandler {
  load(): LineLoad;
}

/**
 * At most `atOnce` requests of this process are rendered at the same time; the others wait, in
 * the order they came, before any of their work starts (ADR 0028). A page in the making holds its
 * loaders' data, its React tree and its document: 200 of them at once took a worker past 350 MB,
 * while the two cores could only advance a few at a time anyway. Waiting in line costs a socket
 * and a closure. A request joins the line only once its body is read (`body-limit.ts`, ADR 0033),
 * so a client that sends slowly never holds a place. The health check never waits, so a balancer
 * or Varnish does not take a busy process for a dead one; it reads `load()` to tell a saturated
 * one (`health.ts`).
 */
export function requestLimit(
  atOnce: number,
  exempt: (path: string) => boolean,
  now: () => number = Date.now,
): RequestLimit {
  if (atOnce <= 0) {
    let rendering = 0;
    const handler: RequestHandler = (req, res, next) => {
      if (exempt(req.path)) return next();
      rendering++;
      res.once("close", () => rendering--);
      next();
    };
    return Object.assign(handler, {
      load: (): LineLoad => ({ atOnce: 0, rendering, waiting: 0, longestWaitMs: 0 }),
    });
  }
  const limit = pLimit(atOnce);
  // When each waiting request joined the line: p-limit starts them in this order.
  const joined: number[] = [];
  const handler: RequestHandler = (req, res, next) => {
    if (exempt(req.path)) return next();
    joined.push(now());
    void limit(
      () =>
        new Promise<void>((done) => {
          joined.shift();
          // A visitor who left while waiting is not served.
          if (res.writableEnded || req.socket.destroyed) return done();
          res.once("close", done);
          next();
        }),
    );
  };
  return Object.assign(handler, {
    load: (): LineLoad => ({
      atOnce,
      rendering: limit.activeCount,
      waiting: joined.length,
      longestWaitMs: joined.length > 0 ? now() - (joined[0] as number) : 0,
    }),
  });
}
