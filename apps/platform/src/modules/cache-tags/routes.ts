import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../../http/app-env.js";
import type { CacheTagHub } from "./cache-tag-hub.js";

/** A comment line this often keeps proxies from closing an idle stream and proves it alive. */
export const DEFAULT_HEARTBEAT_MS = 15_000;

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
 */
export function cacheTagRoutes({
  hub,
  heartbeatMs = DEFAULT_HEARTBEAT_MS,
}: {
  hub: CacheTagHub;
  heartbeatMs?: number;
}) {
  const app = new Hono<AppEnv>({ strict: false });

  app.get("/stream", (c) => {
    // A proxy in front (nginx) must pass the events on as they come, not buffer them.
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let queue = Promise.resolve();
      const send = (event: string, data: unknown) => {
        queue = queue
          .then(() => stream.writeSSE({ event, data: JSON.stringify(data) }))
          .catch(() => stream.abort());
      };
      const unsubscribe = hub.subscribe((event) => {
        if (event.kind === "tags") send("tags", { tags: event.tags });
        else send("reset", {});
      });
      const heartbeat = setInterval(() => {
        queue = queue
          .then(async () => {
            await stream.write(": heartbeat\n\n");
          })
          .catch(() => stream.abort());
      }, heartbeatMs);
      send("ready", { heartbeatSeconds: heartbeatMs / 1000 });
      await new Promise<void>((resolve) => {
        stream.onAbort(() => {
          clearInterval(heartbeat);
          unsubscribe();
          resolve();
        });
      });
    });
  });

  return app;
}
