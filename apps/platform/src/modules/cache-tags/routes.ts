import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../http/app-env.js";
import { HttpError } from "../../http/http-error.js";
import type { CacheTagHub } from "./cache-tag-hub.js";
import { checkStreamAccess } from "./stream-access.js";

/** A comment line this often keeps proxies from closing an idle stream and proves it alive. */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/**
 * Streams one platform process serves at once; the next answers 503. Each storefront process
 * holds one (deployments with more follow Redis instead, ADR 0025).
 */
export const DEFAULT_MAX_STREAMS = 64;
/**
 * What may wait for a subscriber beyond what its socket holds. Generous, since a burst of notices
 * (a catalogue import) waits here even for a subscriber that reads; the stall bound is what
 * catches one that stopped.
 */
export const DEFAULT_MAX_BACKLOG_BYTES = 2 * 1024 * 1024;
/** How long one write may wait for a subscriber that does not read: two heartbeats. */
const stallBoundOf = (heartbeatMs: number) => 2 * heartbeatMs;
/** A refused subscriber waits this long before it tries again, in seconds. */
const FULL_RETRY_AFTER_SECONDS = 30;

export interface CacheTagStreamOptions {
  hub: CacheTagHub;
  heartbeatMs?: number;
  /** `KASSA_CACHE_TAGS_SECRET`: unset, only this machine may follow the stream. */
  secret?: string;
  /** @default DEFAULT_MAX_STREAMS */
  maxStreams?: number;
  /** @default DEFAULT_MAX_BACKLOG_BYTES */
  maxBacklogBytes?: number;
  /** @default two heartbeats */
  stallMs?: number;
}

/**
 * `GET /cache-tags/stream` (ADR 0025): Server-Sent Events relaying every cache-tag notice this
 * platform process hears, for storefront processes, which do not see the database. Events:
 *
 * - `ready` `{"heartbeatSeconds":15}` first: the stream is live from here on
 * - `tags` `{"tags":["price-p-1","stock-p-1"]}`: drop the entries carrying any of these
 * - `reset` `{}`: notices may have been lost (the platform's listener reconnected): drop everything
 *
 * and a `: heartbeat` comment every `heartbeatMs`. A subscriber that loses the stream must drop its
 * whole cache when it reconnects: notices sent meanwhile are not replayed.
 *
 * Internal and bounded (issue 28, ADR 0034): only the shop's own storefronts may follow it
 * (`stream-access.ts`); at most `maxStreams` at once, then 503 with `Retry-After`; and a
 * subscriber that stops reading is disconnected, not buffered for: when more than
 * `maxBacklogBytes` wait for it beyond what its socket holds, or one write has waited `stallMs`.
 * Disconnecting loses nothing a subscriber relies on: it reconnects and drops its cache.
 */
export function cacheTagRoutes({
  hub,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
  secret,
  maxStreams = DEFAULT_MAX_STREAMS,
  maxBacklogBytes = DEFAULT_MAX_BACKLOG_BYTES,
  stallMs = stallBoundOf(heartbeatMs),
}: CacheTagStreamOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  let open = 0;

  app.get("/stream", (c) => {
    checkStreamAccess(c, secret);
    if (hub.ended) {
      throw new HttpError(503, "SERVICE_UNAVAILABLE", "This platform process is shutting down", {
        retryAfterSeconds: 1,
      });
    }
    if (open >= maxStreams) {
      throw new HttpError(503, "SERVICE_UNAVAILABLE", "Too many cache-tag streams are open", {
        retryAfterSeconds: FULL_RETRY_AFTER_SECONDS,
      });
    }
    open++;
    // A proxy in front (nginx) must pass the events on as they come, not buffer them.
    c.header("X-Accel-Buffering", "no");
    const outgoing = c.env?.outgoing;
    return streamSSE(c, async (stream) => {
      let queue = Promise.resolve();
      /** Bytes handed to the queue and not yet taken by the response. */
      let backlog = 0;
      /** Since when the write at the head of the queue has waited, while one does. */
      let writingSince: number | undefined;
      let dropped = false;
      // Disconnects a subscriber that does not read: closing the stream alone would wait for
      // the unread bytes to be taken first.
      const drop = () => {
        if (dropped) return;
        dropped = true;
        outgoing?.destroy();
        stream.abort();
      };
      const stalled = () => writingSince !== undefined && Date.now() - writingSince > stallMs;
      const send = (text: string) => {
        const size = Buffer.byteLength(text);
        if (backlog + size > maxBacklogBytes || stalled()) return drop();
        backlog += size;
        queue = queue
          .then(async () => {
            writingSince = Date.now();
            await stream.write(text);
            writingSince = undefined;
            backlog -= size;
          })
          .catch(drop);
      };
      const event = (name: string, data: unknown) =>
        send(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
      const unsubscribe = hub.subscribe((notice) => {
        if (notice.kind === "tags") event("tags", { tags: notice.tags });
        else event("reset", {});
      });
      const heartbeat = setInterval(() => send(": heartbeat\n\n"), heartbeatMs);
      // Shutting down: the stream ends cleanly, and its connection is then idle (`server.ts`).
      const stopEnding = hub.onEnd(() => stream.abort());
      event("ready", { heartbeatSeconds: heartbeatMs / 1000 });
      await new Promise<void>((resolve) => {
        stream.onAbort(() => {
          clearInterval(heartbeat);
          unsubscribe();
          stopEnding();
          open--;
          resolve();
        });
      });
    });
  });

  return app;
}
