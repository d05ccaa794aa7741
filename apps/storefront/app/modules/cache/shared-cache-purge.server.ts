import { config } from "~/modules/http/config.server";
import { logger } from "~/modules/http/logger.server";
import { type CacheTagNotice, onCacheTagNotice } from "./cache-tag-events.server";
import { LAYOUT_TAG } from "./shared-page.server";

/**
 * Purges the shared HTTP caches in front of the storefront (`KASSA_SHARED_CACHE_PURGE_URLS`) when
 * this process hears that cache tags changed (ADR 0027): `PURGE /` with the tags, space-separated,
 * in `xkey-purge`, as the VCL under `deploy/varnish/` takes them. After a lost notice channel it
 * purges `layout`, which every shared page carries.
 *
 * Every storefront process purges after dropping its own data cache (listeners run first; the
 * purge waits for the next turn of the event loop). So the last purge of a change comes after the
 * last process dropped its copy, and a page rebuilt from a stale copy in between is purged again.
 */
export interface PurgeReport {
  /** Purge requests answered 200, and those that failed after their retries. */
  sent: number;
  failed: number;
}

/** Most bytes of tags in one request: Varnish refuses header lines past 8 KB by default. */
const MAX_HEADER_LENGTH = 4_000;
const RETRY_DELAYS_MS = [200, 1_000];

const KEY = Symbol.for("kassa.sharedCachePurge");
const holder = globalThis as { [KEY]?: { report: PurgeReport; stop: () => void } };

/** Starts purging on notices, once per process; does nothing when no shared cache is named. */
export function startSharedCachePurge(): void {
  const urls = config().sharedCache.purgeUrls;
  if (holder[KEY] || urls.length === 0) return;
  const report: PurgeReport = { sent: 0, failed: 0 };
  const stop = onCacheTagNotice((notice) => {
    const tags = tagsToPurge(notice);
    setImmediate(() => void purgeEverywhere(urls, tags, report));
  });
  holder[KEY] = { report, stop };
}

/**
 * Purges every shared page now: a process of a new build calls it when it starts, because the
 * pages a shared cache holds name the old build's scripts and stylesheet.
 */
export async function purgeAllSharedPages(): Promise<void> {
  const urls = config().sharedCache.purgeUrls;
  await purgeEverywhere(urls, [LAYOUT_TAG], holder[KEY]?.report ?? { sent: 0, failed: 0 });
}

async function purgeEverywhere(
  urls: readonly string[],
  tags: readonly string[],
  report: PurgeReport,
) {
  await Promise.all(urls.flatMap((url) => batches(tags).map((batch) => purge(url, batch, report))));
}

/** Stops purging (tests); the next `startSharedCachePurge` starts again with fresh figures. */
export function stopSharedCachePurge(): void {
  holder[KEY]?.stop();
  holder[KEY] = undefined;
}

/** What this process has purged (`/healthz/cache`). */
export function sharedCachePurgeReport(): PurgeReport | undefined {
  const state = holder[KEY];
  return state ? { ...state.report } : undefined;
}

function tagsToPurge(notice: CacheTagNotice): string[] {
  return notice.kind === "tags" ? notice.tags : [LAYOUT_TAG];
}

/** The tags in groups whose space-separated length stays under the header limit. */
export function batches(tags: readonly string[]): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  let length = 0;
  for (const tag of tags) {
    if (current.length > 0 && length + tag.length + 1 > MAX_HEADER_LENGTH) {
      groups.push(current);
      current = [];
      length = 0;
    }
    current.push(tag);
    length += tag.length + 1;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

async function purge(baseUrl: string, tags: readonly string[], report: PurgeReport) {
  let problem = "";
  for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
    if (attempt > 0)
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAYS_MS[attempt - 1]));
    try {
      const response = await fetch(new URL("/", baseUrl), {
        method: "PURGE",
        headers: { "xkey-purge": tags.join(" ") },
        signal: AbortSignal.timeout(5_000),
      });
      await response.body?.cancel();
      if (response.ok) {
        report.sent++;
        return;
      }
      problem = `answered ${response.status}`;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  report.failed++;
  // The pages age out by their s-maxage and stale bound; say so, once per failed purge.
  logger().warn(
    { cache: baseUrl, tags, problem },
    `shared cache ${baseUrl}: purging ${tags.join(" ")} failed (${problem})`,
  );
}
