import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What a shared HTTP cache needs to know of the reads a response was built from (ADR 0027):
 * their cache tags, sent as the page's surrogate keys so that a change purges exactly the pages
 * that showed it, and whether one of them fell back to an empty answer (a failed lookup), in
 * which case the page must not be shared at all.
 *
 * An `AsyncLocalStorage` rather than an argument: the reads sit deep under loaders that know
 * nothing of caching, and a tag forgotten on the way would leave a page stale in the shared
 * cache. Kept on `globalThis`, because the server (`server/app.ts`) and the Remix build are two
 * bundles, each with its own copy of this module.
 */
export interface PageCacheNotes {
  tags: Set<string>;
  /** A read answered a stand-in (an empty list after a failed call): share nothing. */
  incomplete: boolean;
}

const KEY = Symbol.for("kassa.pageCacheNotes");
const holder = globalThis as { [KEY]?: AsyncLocalStorage<PageCacheNotes> };
holder[KEY] ??= new AsyncLocalStorage<PageCacheNotes>();
const store = holder[KEY];

/** Fresh notes for one request. */
export function emptyPageCacheNotes(): PageCacheNotes {
  return { tags: new Set(), incomplete: false };
}

/** Runs `handle` (a request's whole handling) with `notes` as where its reads note into. */
export function collectPageCacheNotes<T>(notes: PageCacheNotes, handle: () => T): T {
  return store.run(notes, handle);
}

/** Notes tags for the current request; outside a request (a test, a job) it does nothing. */
export function notePageTags(tags: Iterable<string>): void {
  const notes = store.getStore();
  if (!notes) return;
  for (const tag of tags) notes.tags.add(tag);
}

/** Notes that the current request showed a stand-in for data it could not read. */
export function notePageIncomplete(): void {
  const notes = store.getStore();
  if (notes) notes.incomplete = true;
}
