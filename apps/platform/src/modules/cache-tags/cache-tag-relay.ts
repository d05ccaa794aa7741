import { Redis } from "ioredis";
import type { DatabaseHandle } from "../../db/open-database.js";
import { logger } from "../../logging/logger.js";
import { CacheTagHub } from "./cache-tag-hub.js";
import { CACHE_TAG_CHANNEL, PROCESS_ORIGIN, parseNotice } from "./cache-tags.js";

/** The Redis channel the notices are published on, when `REDIS_URL` is set (ADR 0025). */
export const REDIS_CACHE_TAG_CHANNEL = "kassa:cache-tags";

export interface CacheTagRelay {
  hub: CacheTagHub;
  stop(): Promise<void>;
}

/**
 * Listens for this database's cache-tag notices (every platform process does) and hands them to
 * the process's hub, which the `/cache-tags/stream` subscribers hear. With `redisUrl`, notices this
 * process published are also published to Redis (`kassa:cache-tags`, `{"tags":[…]}`), once each:
 * a process hears its own notice only after its transaction committed, and only the process that
 * made the change relays it. When this process's listening connection was lost and is back, it
 * publishes `{"reset":true}`: the notices it made meanwhile were never relayed.
 */
export async function startCacheTagRelay({
  database,
  redisUrl,
  log = (message) => logger.warn(message),
}: {
  database: Pick<DatabaseHandle, "listen">;
  redisUrl?: string;
  log?: (message: string) => void;
}): Promise<CacheTagRelay> {
  const hub = new CacheTagHub();
  const redis = redisUrl
    ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  // While Redis is gone ioredis reconnects (every 2 s at most) and each try fails: said once per
  // outage, and once when it is back. The storefronts that follow Redis drop their caches when
  // their own subscription comes back, and meanwhile serve entries no older than their bound.
  let redisDown = false;
  redis?.on("error", (error: Error) => {
    if (redisDown) return;
    redisDown = true;
    log(`cache tags: Redis: ${error.message}; notices are not relayed until it is back`);
  });
  redis?.on("ready", () => {
    if (!redisDown) return;
    redisDown = false;
    log("cache tags: Redis is back; relaying notices again");
  });
  const publish = (message: object) =>
    redis
      ?.publish(REDIS_CACHE_TAG_CHANNEL, JSON.stringify(message))
      .catch((error: Error) => log(`cache tags: publishing to Redis: ${error.message}`));

  const stopListening = await database.listen(CACHE_TAG_CHANNEL, {
    onPayload: (payload) => {
      const notice = parseNotice(payload);
      if (!notice || notice.tags.length === 0) return;
      hub.emit({ kind: "tags", tags: notice.tags });
      if (notice.origin === PROCESS_ORIGIN) publish({ tags: notice.tags });
    },
    onReset: () => {
      log("cache tags: the listening connection was lost and is back; subscribers reset");
      hub.emit({ kind: "reset" });
      // This process's own notices of the outage were not heard, so not relayed either: the
      // storefronts that follow Redis drop everything too (ADR 0045).
      publish({ reset: true });
    },
  });

  return {
    hub,
    stop: async () => {
      await stopListening();
      await redis?.quit().catch(() => redis.disconnect());
    },
  };
}
