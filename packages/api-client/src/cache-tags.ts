/**
 * The platform's cache-tag stream (ADR 0025): `GET /cache-tags/stream`, Server-Sent Events that
 * say which cache tags (`price-{id}`, `stock-{id}`, `product-{id}`, C§7) changed. A storefront
 * process subscribes once and drops its cached entries that carry a tag it hears.
 *
 * Notices are not replayed: whenever the stream (re)connects, or the platform says it may have
 * lost notices, `onReset` is called, and everything cached may be stale.
 */

/** One Server-Sent Event (WHATWG HTML §9.2): its type (default `message`) and data. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id?: string;
}

/**
 * Reads a `text/event-stream` as it arrives, chunk by chunk: answers the events each chunk
 * completes. Lines end in CRLF, LF or CR; comments (`: …`) and unknown fields are skipped; an
 * event without data is not dispatched, as the standard says.
 */
export class ServerSentEventParser {
  #buffer = "";
  #event = "";
  #data: string[] = [];
  #id: string | undefined;
  #pendingCr = false;

  push(chunk: string): ServerSentEvent[] {
    let text = chunk;
    // A CR at the end of the last chunk and an LF at the start of this one are one line end.
    if (this.#pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.#pendingCr = text.endsWith("\r");
    this.#buffer += text;
    const events: ServerSentEvent[] = [];
    const lines = this.#buffer.split(/\r\n|\r|\n/);
    this.#buffer = lines.pop() ?? "";
    for (const line of lines) {
      if (line === "") {
        if (this.#data.length > 0) {
          events.push({
            event: this.#event || "message",
            data: this.#data.join("\n"),
            ...(this.#id === undefined ? {} : { id: this.#id }),
          });
        }
        this.#event = "";
        this.#data = [];
        continue;
      }
      if (line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") this.#event = value;
      else if (field === "data") this.#data.push(value);
      else if (field === "id" && !value.includes("\0")) this.#id = value;
    }
    return events;
  }
}

export interface CacheTagSubscriptionOptions {
  /** Origin of the platform, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** Tags that changed: drop every cached entry that carries one of them. */
  onTags(tags: string[]): void;
  /**
   * Everything cached may be stale: the stream is (again) connected (`connected`; notices sent
   * while it was down are lost), or the platform lost notices itself (`reset`).
   */
  onReset(reason: "connected" | "reset"): void;
  /** The stream is down (it is tried again after a backoff); `error` says why, when known. */
  onDisconnect?(error: unknown): void;
  /** @default globalThis.fetch */
  fetch?: typeof fetch;
  /** Headers of the stream request (an authorization the platform asks for, a proxy's). */
  headers?: Record<string, string>;
  /**
   * Waits before reconnecting: `initialDelayMs`, doubled after each failed attempt up to
   * `maxDelayMs`, with up to a fifth added at random so that many storefront processes do not
   * come back at the same instant.
   * @default { initialDelayMs: 500, maxDelayMs: 30000 }
   */
  backoff?: { initialDelayMs?: number; maxDelayMs?: number };
  /**
   * Silence after which a stream counts as lost (a half-open connection sends nothing): three
   * heartbeats, as the `ready` event announces them, or this when it does not.
   * @default 45000
   */
  idleTimeoutMs?: number;
}

export interface CacheTagSubscription {
  /** Whether the stream is connected and live (its `ready` event came). */
  readonly connected: boolean;
  /** Stops listening and reconnecting. */
  close(): void;
}

/** The path of the stream on the platform. */
export const CACHE_TAG_STREAM_PATH = "/cache-tags/stream";

/**
 * Subscribes to the platform's cache-tag stream, and keeps subscribing: a stream that fails,
 * ends or falls silent is opened again after a backoff.
 *
 * @example
 * const subscription = subscribeToCacheTags({
 *   baseUrl: "http://localhost:4000",
 *   onTags: (tags) => cache.invalidate(tags),
 *   onReset: () => cache.clear(),
 * });
 */
export function subscribeToCacheTags(options: CacheTagSubscriptionOptions): CacheTagSubscription {
  const doFetch = options.fetch ?? globalThis.fetch;
  const initialDelayMs = options.backoff?.initialDelayMs ?? 500;
  const maxDelayMs = options.backoff?.maxDelayMs ?? 30_000;
  const url = `${options.baseUrl.replace(/\/+$/, "")}${CACHE_TAG_STREAM_PATH}`;

  let closed = false;
  let connected = false;
  let delayMs = initialDelayMs;
  let controller: AbortController | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    controller = new AbortController();
    const abort = controller;
    let idleMs = options.idleTimeoutMs ?? 45_000;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    const watch = () => {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(() => abort.abort(new Error("The stream fell silent")), idleMs);
      unref(idleTimer);
    };
    let failure: unknown;
    try {
      watch();
      const response = await doFetch(url, {
        headers: { accept: "text/event-stream", ...options.headers },
        cache: "no-store",
        signal: abort.signal,
      });
      if (!response.ok || !response.body) {
        throw new Error(`The cache-tag stream answered ${response.status}`);
      }
      const parser = new ServerSentEventParser();
      const decoder = new TextDecoder();
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watch();
        for (const event of parser.push(decoder.decode(value, { stream: true }))) {
          if (event.event === "ready") {
            const heartbeatSeconds = Number(safeJson(event.data)?.heartbeatSeconds);
            if (heartbeatSeconds > 0 && options.idleTimeoutMs === undefined) {
              idleMs = heartbeatSeconds * 3000;
              watch();
            }
            connected = true;
            delayMs = initialDelayMs;
            options.onReset("connected");
          } else if (event.event === "tags" && connected) {
            const tags = safeJson(event.data)?.tags;
            if (Array.isArray(tags)) {
              options.onTags(tags.filter((tag): tag is string => typeof tag === "string"));
            }
          } else if (event.event === "reset" && connected) {
            options.onReset("reset");
          }
        }
      }
      failure = new Error("The cache-tag stream ended");
    } catch (error) {
      failure = abort.signal.reason ?? error;
    } finally {
      if (idleTimer) clearTimeout(idleTimer);
    }
    connected = false;
    if (closed) return;
    options.onDisconnect?.(failure);
    const wait = delayMs + Math.random() * delayMs * 0.2;
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!closed) void connect();
    }, wait);
    unref(retryTimer);
  };

  void connect();

  return {
    get connected() {
      return connected;
    },
    close() {
      closed = true;
      connected = false;
      if (retryTimer) clearTimeout(retryTimer);
      controller?.abort(new Error("The subscription was closed"));
    },
  };
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Lets the process exit while a timer waits (Node); a no-op where timers are numbers. */
function unref(timer: ReturnType<typeof setTimeout>) {
  (timer as { unref?: () => void }).unref?.();
}
