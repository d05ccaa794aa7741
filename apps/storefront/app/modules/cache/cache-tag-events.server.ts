import { EventEmitter } from "node:events";

/**
 * What this storefront process hears about changed data (ADR 0025), whatever carried it (the
 * platform's stream, Redis):
 *
 * - `tags`: these cache tags changed (`price-{id}`, `stock-{id}`, `product-{id}`, `categories`)
 * - `reset`: notices may have been lost (the channel was down, or the platform lost some), so
 *   anything cached may be stale
 *
 * The data cache listens (`catalogue.server.ts`); anything else that keeps copies (a shared HTTP
 * cache's purger, issue 16) can listen the same way.
 */
export type CacheTagNotice = { kind: "tags"; tags: string[] } | { kind: "reset"; reason: string };

// Kept on globalThis: the development server reloads modules, and a second emitter would leave
// the listeners of the first deaf.
const KEY = Symbol.for("kassa.cacheTagEvents");
const holder = globalThis as { [KEY]?: EventEmitter };
holder[KEY] ??= new EventEmitter().setMaxListeners(0);
const events = holder[KEY];

/** Calls `listener` with every notice from now on; answers the function that stops it. */
export function onCacheTagNotice(listener: (notice: CacheTagNotice) => void): () => void {
  events.on("notice", listener);
  return () => events.off("notice", listener);
}

/** Hands a notice to every listener of this process. */
export function announceCacheTagNotice(notice: CacheTagNotice): void {
  events.emit("notice", notice);
}
