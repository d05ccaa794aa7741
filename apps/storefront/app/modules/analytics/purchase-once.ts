import { useEffect } from "react";
import { pushEvent } from "./data-layer";
import type { EcommerceEvent } from "./events";

/** Where the transaction ids already pushed from this browser are kept. */
const STORAGE_KEY = "kassa.analytics.purchases";
/** Enough for any shopper's recent orders, small enough to stay a few hundred bytes. */
const KEPT = 20;

function pushedIds(storage: Storage | undefined): string[] {
  try {
    const stored = JSON.parse(storage?.getItem(STORAGE_KEY) ?? "[]");
    return Array.isArray(stored) ? stored.filter((id) => typeof id === "string") : [];
  } catch {
    return [];
  }
}

/** Ids pushed in this page's life, for a browser whose storage is off. */
const pushedHere = new Set<string>();

function localStorageOrNothing(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Pushes a `purchase` once per transaction id in this browser: the confirmation page shows the
 * same order again on a reload (for an hour), and a reload must not count it twice. Returns
 * whether it pushed.
 */
export function pushPurchaseOnce(
  event: Extract<EcommerceEvent, { event: "purchase" }>,
  storage: Storage | undefined = localStorageOrNothing(),
): boolean {
  const id = event.ecommerce.transaction_id;
  const ids = pushedIds(storage);
  if (pushedHere.has(id) || ids.includes(id)) return false;
  pushedHere.add(id);
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify([...ids, id].slice(-KEPT)));
  } catch {
    // Storage full or refused: this page still pushes once (pushedHere).
  }
  pushEvent(event);
  return true;
}

/** The confirmation page's `purchase`, pushed once per order in this browser. */
export function usePurchaseOnce(
  event: Extract<EcommerceEvent, { event: "purchase" }> | null,
): void {
  const id = event?.ecommerce.transaction_id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the transaction id names the event.
  useEffect(() => {
    if (event) pushPurchaseOnce(event);
  }, [id]);
}
