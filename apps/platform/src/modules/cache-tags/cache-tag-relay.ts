import { Redis } from "ioredis";
import type { DatabaseHandle } from "../../db/open-database.js";
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
 * made the change relays it.
 */
export async function startCacheTagRelay({
  database,
  redisUrl,
  log = (message) => console.warn(`[platform] ${message}`),
}: {
  database: Pick<DatabaseHandle, "listen">;
  redisUrl?: string;
  log?: (message: string) => void;
}): Promise<CacheTagRelay> {
  const hub = new CacheTagHub();
  const redis = redisUrl
    ? new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  redis?.on("error", (error: Error) => log(`cache tags: Redis: ${error.message}`));

  const stopListening = await database.listen(CACHE_TAG_CHANNEL, {
    onPayload: (payload) => {
      const notice = parseNotice(payload);
      if (!notice || notice.tags.length === 0) return;
      hub.emit({ kind: "tags", tags: notice.tags });
      if (redis && notice.origin === PROCESS_ORIGIN) {
        redis
          .publish(REDIS_CACHE_TAG_CHANNEL, JSON.stringify({ tags: notice.tags }))
          .catch((error: Error) => log(`cache tags: publishing to Redis: ${error.message}`));
      }
    },
    onReset: () => {
      log("cache tags: the listening connection was lost and is back; subscribers reset");
      hub.emit({ kind: "reset" });
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
