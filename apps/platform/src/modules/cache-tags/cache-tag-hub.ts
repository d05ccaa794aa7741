import { EventEmitter } from "node:events";

/**
 * What the platform's listeners hear: tags that changed, or `reset` when notices may have been
 * lost (the listening connection dropped and came back), so every cached entry must go.
 */
export type CacheTagEvent = { kind: "tags"; tags: string[] } | { kind: "reset" };

/**
 * The notices this process hears, handed to whoever relays them (the `/cache-tags/stream`
 * subscribers, the Redis relay). One per process; the database listener feeds it.
 */
export class CacheTagHub {
  readonly #events = new EventEmitter();
  #ended = false;

  constructor() {
    // Every storefront process holds one stream: there may be many.
    this.#events.setMaxListeners(0);
  }

  /** Calls `listener` with every event from now on; answers the function that stops it. */
  subscribe(listener: (event: CacheTagEvent) => void): () => void {
    this.#events.on("event", listener);
    return () => this.#events.off("event", listener);
  }

  /**
   * Ends the streams relaying this hub's notices (`/cache-tags/stream`) and refuses new ones: a
   * process shutting down lets them go first, since they never end by themselves and would hold
   * its shutdown to the deadline. Their subscribers reconnect to another process and drop their
   * caches, as after any lost stream.
   */
  endStreams(): void {
    this.#ended = true;
    this.#events.emit("end");
  }

  /** Whether `endStreams()` was called. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Calls `listener` when the streams are to end; answers the function that stops it. */
  onEnd(listener: () => void): () => void {
    this.#events.on("end", listener);
    return () => this.#events.off("end", listener);
  }

  emit(event: CacheTagEvent): void {
    this.#events.emit("event", event);
  }

  get subscribers(): number {
    return this.#events.listenerCount("event");
  }
}
