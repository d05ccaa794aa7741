import pg from "pg";

/** Waits between reconnection attempts of a lost listening connection: 0.5 s, doubling to 10 s. */
const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 10_000;
/** A connection attempt to a server that does not answer fails after this, and is retried. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface ListenCallbacks {
  onPayload(payload: string): void;
  /** The listening connection was lost and is back: notices sent meanwhile were missed. */
  onReset(): void;
}

/**
 * `LISTEN channel` on a connection of its own (a pool's connections come and go, and a listener
 * must stay), reconnecting with backoff when the server or the network drops it. Answers when
 * the first `LISTEN` is in place; the function it answers stops listening.
 */
export async function listenOnPostgres(
  connectionString: string,
  channel: string,
  { onPayload, onReset }: ListenCallbacks,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    next.on("notification", (message) => {
      if (message.channel === channel) onPayload(message.payload ?? "");
    });
    // An error on an idle listening connection must not crash the process: reconnect instead.
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      // A connection made whose LISTEN failed (the server shutting down between the two) would
      // stay open beside the next attempt's.
      next.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      // Stopped while this attempt was under way.
      await next.end().catch(() => {});
      return;
    }
    client = next;
    retryMs = FIRST_RETRY_MS;
  };

  const lost = (which: pg.Client) => {
    if (stopped || client !== which) return;
    client = undefined;
    which.end().catch(() => {});
    schedule();
  };

  const schedule = () => {
    timer = setTimeout(async () => {
      timer = undefined;
      if (stopped) return;
      try {
        await connect();
        if (!stopped) onReset();
      } catch {
        retryMs = Math.min(retryMs * 2, LAST_RETRY_MS);
        schedule();
      }
    }, retryMs);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}
