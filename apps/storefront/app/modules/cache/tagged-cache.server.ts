import { LRUCache } from "lru-cache";

/** What a {@link TaggedCache} has done since it was made (or since `resetStats()`). */
export interface TaggedCacheStats {
  /** Reads answered from a fresh entry. */
  hits: number;
  /** Reads answered from an entry past its freshness but within the stale bound (refreshed behind). */
  stale: number;
  /** Reads that waited for the backend (no entry, or one past the stale bound). */
  misses: number;
  /** Calls to the backend: misses of one key at the same time share one, refreshes are one each. */
  loads: number;
  /** Entries dropped because a notice named one of their tags. */
  invalidated: number;
  /** Times the whole cache was dropped (the notices' stream was lost or reset). */
  cleared: number;
  /** Loads whose answer was not kept: a tag of theirs changed while they were under way. */
  discarded: number;
  /** Entries held now. */
  entries: number;
}

/** The figures of a cache that has seen nothing yet. */
export function emptyTaggedCacheStats(): TaggedCacheStats {
  return {
    hits: 0,
    stale: 0,
    misses: 0,
    loads: 0,
    invalidated: 0,
    cleared: 0,
    discarded: 0,
    entries: 0,
  };
}

export interface TaggedCacheOptions {
  /** Entries kept at most; the least recently used go first. */
  max: number;
  /** How long an entry is served as it is. */
  freshMs: number;
  /**
   * How long after that it is still served while one refresh runs behind it
   * (stale-while-revalidate); past `freshMs + staleMs` a read waits for the backend. So no read
   * answers data older than `freshMs + staleMs`, even when every notice is lost.
   */
  staleMs: number;
  /** The clock, in milliseconds; injectable for tests. */
  now?: () => number;
  /** Told of every read's result as it happens (the `/metrics` counter, `cache-metrics.server.ts`). */
  onRead?: (result: "hit" | "stale" | "miss") => void;
}

interface Entry {
  value: unknown;
  tags: readonly string[];
  /** When the load that produced it started: the data is at least this old. */
  loadedAt: number;
}

/** Above this many remembered tag invalidations, they are folded into one floor. */
const MAX_REMEMBERED_TAGS = 10_000;

/**
 * An in-process cache whose entries carry cache tags (C§7: `price-{id}`, `stock-{id}`, …), for
 * one storefront process. `invalidate(tags)` drops exactly the entries carrying one of them;
 * `clear()` drops everything. Concurrent reads of a missing key share one load.
 *
 * A load that was under way when one of its tags was invalidated (it may have read the old
 * data) answers its caller but is not kept, so an invalidation can never be undone by a slow
 * answer that crossed it.
 */
export class TaggedCache {
  readonly #lru: LRUCache<string, Entry>;
  readonly #byTag = new Map<string, Set<string>>();
  readonly #loading = new Map<string, Promise<unknown>>();
  readonly #options: Required<Omit<TaggedCacheOptions, "onRead">>;
  readonly #onRead: (result: "hit" | "stale" | "miss") => void;
  /** Counts invalidations; a load remembers the count it started at. */
  #generation = 0;
  /** The generation each invalidated tag was last invalidated at. */
  readonly #invalidatedAt = new Map<string, number>();
  /** Loads started before this generation are never kept (a clear, or forgotten tags). */
  #floor = 0;
  #stats: Omit<TaggedCacheStats, "entries"> = emptyTaggedCacheStats();

  constructor(options: TaggedCacheOptions) {
    this.#options = { now: Date.now, ...options };
    this.#onRead = options.onRead ?? (() => {});
    this.#lru = new LRUCache<string, Entry>({
      max: options.max,
      dispose: (entry, key) => this.#unindex(key, entry.tags),
    });
  }

  /**
   * The value of `key`: cached, or `load()`ed and kept with the tags `tagsOf(value)` names.
   * A failed load is not kept (the next read tries again), and a failed refresh behind a stale
   * entry leaves it to age out.
   */
  async get<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => readonly string[]) {
    const entry = this.#lru.get(key);
    if (entry) {
      const age = this.#options.now() - entry.loadedAt;
      if (age < this.#options.freshMs) {
        this.#stats.hits++;
        this.#onRead("hit");
        return entry.value as T;
      }
      if (age < this.#options.freshMs + this.#options.staleMs) {
        this.#stats.stale++;
        this.#onRead("stale");
        this.#load(key, load, tagsOf).catch(() => {});
        return entry.value as T;
      }
    }
    this.#stats.misses++;
    this.#onRead("miss");
    return this.#load(key, load, tagsOf);
  }

  /** Drops the entries that carry any of `tags`; answers how many went. */
  invalidate(tags: Iterable<string>): number {
    const generation = ++this.#generation;
    let dropped = 0;
    for (const tag of tags) {
      this.#invalidatedAt.set(tag, generation);
      for (const key of [...(this.#byTag.get(tag) ?? [])]) {
        if (this.#lru.delete(key)) dropped++;
      }
    }
    if (this.#invalidatedAt.size > MAX_REMEMBERED_TAGS) {
      this.#invalidatedAt.clear();
      this.#floor = generation;
    }
    this.#stats.invalidated += dropped;
    return dropped;
  }

  /** Drops every entry, and keeps no load that is under way. */
  clear(): void {
    this.#floor = ++this.#generation;
    this.#invalidatedAt.clear();
    this.#lru.clear();
    this.#byTag.clear();
    this.#stats.cleared++;
  }

  stats(): TaggedCacheStats {
    return { ...this.#stats, entries: this.#lru.size };
  }

  resetStats(): void {
    this.#stats = emptyTaggedCacheStats();
  }

  #load<T>(key: string, load: () => Promise<T>, tagsOf: (value: T) => readonly string[]) {
    const running = this.#loading.get(key);
    if (running) return running as Promise<T>;
    const startedAt = this.#options.now();
    const generation = this.#generation;
    this.#stats.loads++;
    const loading = load()
      .then((value) => {
        const tags = [...new Set(tagsOf(value))];
        if (this.#changedSince(generation, tags)) {
          this.#stats.discarded++;
          this.#lru.delete(key);
        } else {
          this.#lru.set(key, { value, tags, loadedAt: startedAt });
          for (const tag of tags) {
            const keys = this.#byTag.get(tag) ?? new Set<string>();
            keys.add(key);
            this.#byTag.set(tag, keys);
          }
        }
        return value;
      })
      .finally(() => this.#loading.delete(key));
    this.#loading.set(key, loading);
    return loading;
  }

  #changedSince(generation: number, tags: readonly string[]): boolean {
    if (generation < this.#floor) return true;
    return tags.some((tag) => (this.#invalidatedAt.get(tag) ?? -1) > generation);
  }

  #unindex(key: string, tags: readonly string[]) {
    for (const tag of tags) {
      const keys = this.#byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#byTag.delete(tag);
    }
  }
}
