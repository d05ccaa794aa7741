import { LRUCache } from "lru-cache";

/**
 * How many browser error reports the shop logs in a minute (ADR 0040): a few per address, and a
 * ceiling for the process, so a broken release or a script that posts in a loop cannot fill the
 * log (or the disk under it). What is over is dropped; the first reports of a fault say enough.
 */
export interface ReportRate {
  /** Whether one more report from `address` may be logged now, counting it if so. */
  allow(address: string | undefined): boolean;
}

export function reportRate({
  perAddress = 10,
  perProcess = 120,
  windowMs = 60_000,
  now = Date.now,
}: {
  perAddress?: number;
  perProcess?: number;
  windowMs?: number;
  now?: () => number;
} = {}): ReportRate {
  // Counts per address in the current window; the least recently seen addresses go first.
  const counts = new LRUCache<string, { count: number; since: number }>({ max: 10_000 });
  let total = { count: 0, since: now() };
  const within = (window: { since: number }, at: number) => at - window.since < windowMs;
  return {
    allow(address) {
      const at = now();
      if (!within(total, at)) total = { count: 0, since: at };
      if (total.count >= perProcess) return false;
      const key = address ?? "unknown";
      let own = counts.get(key);
      if (!own || !within(own, at)) own = { count: 0, since: at };
      if (own.count >= perAddress) return false;
      own.count++;
      total.count++;
      counts.set(key, own);
      return true;
    },
  };
}
