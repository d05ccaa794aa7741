import { createServer, type RequestListener, type Server } from "node:http";

export interface ServerTimeouts {
  /** The whole header block must arrive within this (`KASSA_HEADERS_TIMEOUT_SECONDS`), else 408. */
  headersTimeoutMs: number;
  /**
   * The whole request, body included, must arrive within this (`KASSA_REQUEST_TIMEOUT_SECONDS`):
   * the bound for the largest upload. Forms have a shorter one (`body-limit.ts`).
   */
  requestTimeoutMs: number;
}

/**
 * The storefront's HTTP server (ADR 0033): Node's `headersTimeout` and `requestTimeout`, checked
 * every second rather than Node's 30 (so a client that sends its headers a byte at a time holds
 * its socket for the timeout, not up to half a minute longer). A post that asks `Expect:
 * 100-continue` is handed to the app as it is, instead of Node telling the client to go on at once:
 * the body reader (`body-limit.ts`) says "continue" only to a body whose declared size fits.
 */
export function createStorefrontServer(app: RequestListener, timeouts: ServerTimeouts): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersTimeoutMs / 2),
    },
    app,
  );
  server.on("checkContinue", (req, res) => server.emit("request", req, res));
  return server;
}
