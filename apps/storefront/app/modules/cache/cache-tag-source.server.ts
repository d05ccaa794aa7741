import { subscribeToCacheTags } from "@kassa/api-client";
import { Redis } from "ioredis";
import { config } from "~/modules/http/config.server";
import { logger } from "~/modules/http/logger.server";
import { announceCacheTagNotice } from "./cache-tag-events.server";

/** The Redis channel the platform publishes notices on (the platform's `REDIS_CACHE_TAG_CHANNEL`). */
export const REDIS_CACHE_TAG_CHANNEL = "kassa:cache-tags";

export interface CacheTagSource {
  /** `platform` (its `/cache-tags/stream`), `redis`, or `off` (no notices: entries age out). */
  kind: "platform" | "redis" | "off";
  /** Whether notices are arriving now. */
  readonly connected: boolean;
  /** Notices heard, and times the channel was (re)connected or reset. */
  readonly notices: number;
  readonly resets: number;
  close(): void;
}

const KEY = Symbol.for("kassa.cacheTagSource");
const SHUT_DOWN = Symbol.for("kassa.cacheTagSource.shutDown");
const holder = globalThis as { [KEY]?: CacheTagSource; [SHUT_DOWN]?: boolean };

/**
 * Starts listening for cache-tag notices, once per process (the first cached read calls it), on
 * the channel the configuration names: Redis when `REDIS_URL` is set, else the platform's stream
 * (`KASSA_CACHE_TAGS_URL`); `KASSA_CACHE_TAGS=off` listens to nothing. Every notice, and every
 * loss of the channel, is announced to the process (`onCacheTagNotice`).
 */
export function ensureCacheTagSource(): CacheTagSource {
  holder[KEY] ??= holder[SHUT_DOWN] ? offSource() : startSource();
  return holder[KEY];
}

/** Stops listening (tests); the next cached read starts again. */
export function stopCacheTagSource(): void {
  holder[KEY]?.close();
  holder[KEY] = undefined;
}

/**
 * Stops listening and forgets a shutdown (tests): the next test file, in the same process, starts
 * listening again at its first cached read, on the channel its own settings name.
 */
export function resetCacheTagSource(): void {
  stopCacheTagSource();
  holder[SHUT_DOWN] = undefined;
}

/**
 * Stops listening for good (the process is shutting down): a request still in flight that reads
 * the catalogue after this must not open the connection again, or the process never exits.
 */
export function shutDownCacheTagSource(): void {
  holder[SHUT_DOWN] = true;
  stopCacheTagSource();
}

function offSource(): CacheTagSource {
  return { kind: "off", connected: false, notices: 0, resets: 0, close() {} };
}

function startSource(): CacheTagSource {
  const settings = config().cacheTags;
  if (settings.mode === "off") return offSource();
  return settings.redisUrl
    ? redisSource(settings.redisUrl)
    : platformSource(settings.streamUrl, settings.streamSecret);
}

/** The platform's stream; with `secret` (`KASSA_CACHE_TAGS_SECRET`) sent as a bearer token. */
function platformSource(baseUrl: string, secret: string | undefined): CacheTagSource {
  let notices = 0;
  let resets = 0;
  let warned = false;
  let live = false;
  const subscription = subscribeToCacheTags({
    baseUrl,
    headers: secret ? { authorization: `Bearer ${secret}` } : undefined,
    onTags: (tags) => {
      notices++;
      announceCacheTagNotice({ kind: "tags", tags });
    },
    onReset: (reason) => {
      resets++;
      warned = false;
      live = true;
      announceCacheTagNotice({ kind: "reset", reason: `platform stream ${reason}` });
    },
    onDisconnect: (error) => {
      // Once per loss, not per failed attempt: while the stream is down, entries age out by
      // their freshness and stale bound, and the reconnection drops them all.
      if (live) announceCacheTagNotice({ kind: "reset", reason: "platform stream lost" });
      live = false;
      if (!warned) {
        warned = true;
        logger().warn(
          { err: error, source: baseUrl },
          `cache tags: the platform's stream at ${baseUrl} is down (${
            error instanceof Error ? error.message : String(error)
          }); retrying`,
        );
      }
    },
  });
  return {
    kind: "platform",
    get connected() {
      return subscription.connected;
    },
    get notices() {
      return notices;
    },
    get resets() {
      return resets;
    },
    close: () => subscription.close(),
  };
}

function redisSource(redisUrl: string): CacheTagSource {
  let notices = 0;
  let resets = 0;
  let connected = false;
  let warned = false;
  // Subscribed by hand on each connection, not by ioredis's own resubscription: `ready` comes
  // before that is in place, and a notice published in between would be lost after the reset.
  const redis = new Redis(redisUrl, { lazyConnect: false, autoResubscribe: false });
  redis.on("error", (error: Error) => {
    // Once per outage: ioredis retries every 2 s at most while Redis is gone.
    if (warned) return;
    warned = true;
    logger().warn(
      { err: error },
      `cache tags: Redis: ${error.message}; entries age out by their bound until it is back`,
    );
  });
  redis.on("ready", () => {
    redis
      .subscribe(REDIS_CACHE_TAG_CHANNEL)
      .then(() => {
        // Notices from here on arrive; those published while there was no subscription are lost.
        connected = true;
        warned = false;
        resets++;
        announceCacheTagNotice({ kind: "reset", reason: "redis connected" });
      })
      .catch((error: Error) => {
        logger().warn({ err: error }, `cache tags: subscribing on Redis: ${error.message}`);
      });
  });
  redis.on("close", () => {
    if (!connected) return;
    connected = false;
    announceCacheTagNotice({ kind: "reset", reason: "redis lost" });
  });
  redis.on("message", (_channel: string, message: string) => {
    try {
      const { tags, reset } = JSON.parse(message) as { tags?: unknown; reset?: unknown };
      if (reset === true) {
        // A platform process lost its database listener: the notices it made meanwhile never
        // reached Redis (ADR 0045).
        resets++;
        announceCacheTagNotice({ kind: "reset", reason: "platform listener reset" });
        return;
      }
      if (!Array.isArray(tags)) return;
      notices++;
      announceCacheTagNotice({
        kind: "tags",
        tags: tags.filter((tag): tag is string => typeof tag === "string"),
      });
    } catch {
      // Not a notice: another program on the channel.
    }
  });
  return {
    kind: "redis",
    get connected() {
      return connected;
    },
    get notices() {
      return notices;
    },
    get resets() {
      return resets;
    },
    close: () => redis.disconnect(),
  };
}
