/**
 * True when a database error says the server could not be reached or dropped the connection
 * (the server restarting, `pg_terminate_backend`, a network cut), not that the statement was
 * wrong. Such a failure is the platform's to retry, not the client's fault, and whatever the
 * statement's transaction wrote was rolled back with the connection (or committed, if the
 * `COMMIT` got through: a request that may have half-happened is repeated safely by its
 * idempotency key and by the order's own check for a placed order, ADR 0045).
 *
 * Drizzle wraps the driver's error (`Failed query: …`, the driver's error as `cause`), so the whole
 * `cause` chain is searched.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (typeof code === "string" && code.startsWith("08")) return true;
    if (
      typeof message === "string" &&
      UNAVAILABLE_MESSAGES.some((text) => message.includes(text))
    ) {
      return true;
    }
    current = cause;
  }
  return false;
}

/**
 * SQLSTATEs of a server that is going away or not there yet (class 57: operator intervention),
 * and Node's socket errors. Class 08 (connection exceptions) is matched as a whole above.
 */
const UNAVAILABLE_CODES = new Set([
  "57P01", // admin_shutdown: pg_terminate_backend, or a fast or smart shutdown
  "57P02", // crash_shutdown: another backend crashed and the server restarts
  "57P03", // cannot_connect_now: the server is starting or shutting down
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/** What node-postgres says, without a code, about a connection it lost or could not make. */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "timeout exceeded when trying to connect",
];
