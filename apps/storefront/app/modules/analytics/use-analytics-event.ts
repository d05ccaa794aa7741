import { useEffect } from "react";
import { pushEvent } from "./data-layer";
import type { AnalyticsEvent } from "./events";

/**
 * Pushes `event` once per `key` (a product's variant, a list's page, a cart's revision): a
 * render that changes nothing pushes nothing again, a new key pushes anew. Only in the browser,
 * after hydration, so the page's consent default is already in the data layer.
 */
export function useAnalyticsEvent(event: AnalyticsEvent | null, key: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key says when the event is new.
  useEffect(() => {
    if (event) pushEvent(event);
  }, [key]);
}
