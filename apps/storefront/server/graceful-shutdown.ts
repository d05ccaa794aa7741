import type { Server, ServerResponse } from "node:http";

/** How a drain ended: every request answered, or the deadline closed what was left. */
export type DrainOutcome = "drained" | "forced";

export interface Drain {
  /** True from the moment `drain` is called: `/readyz` answers 503 from then on. */
  stopping(): boolean;
  /**
   * Stops taking connections, closes the idle ones at once, lets each request in flight finish and
   * then closes its connection (`Connection: close`), and after `timeoutMs` closes every
   * connection left. Resolves once the server is closed. Calling it again returns the same drain.
   */
  drain(timeoutMs: number): Promise<DrainOutcome>;
}

/**
 * The storefront's shutdown for one server (ADR 0042). Node's `server.close()` alone stops
 * listening and waits, with no deadline, for every connection to end, and a keep-alive
 * connection whose answer was sent stays open for its next request until the client or the
 * keep-alive timeout closes it; `closeAllConnections()` alone ends requests in flight mid-answer.
 * Between the two: what is answered is answered in full, nothing waits past the deadline.
 */
export function gracefulShutdown(server: Server): Drain {
  const inFlight = new Set<ServerResponse>();
  let draining: Promise<DrainOutcome> | undefined;

  /** The connection ends with this answer: no further request is read on it. */
  const lastOnItsConnection = (res: ServerResponse) => {
    if (!res.headersSent) {
      res.setHeader("Connection", "close");
      return;
    }
    // Its headers went out already (a streamed page): close the connection once it is sent.
    const socket = res.socket;
    res.once("finish", () => socket?.end());
  };

  server.on("request", (_req, res: ServerResponse) => {
    if (res.writableEnded) return;
    inFlight.add(res);
    res.once("close", () => inFlight.delete(res));
    if (draining) lastOnItsConnection(res);
  });

  return {
    stopping: () => draining !== undefined,
    drain(timeoutMs) {
      draining ??= new Promise<DrainOutcome>((resolve) => {
        let outcome: DrainOutcome = "drained";
        const deadline = setTimeout(() => {
          outcome = "forced";
          server.closeAllConnections();
        }, timeoutMs);
        server.close(() => {
          clearTimeout(deadline);
          resolve(outcome);
        });
        for (const res of inFlight) lastOnItsConnection(res);
        server.closeIdleConnections();
      });
      return draining;
    },
  };
}
