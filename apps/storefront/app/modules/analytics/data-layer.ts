import type { AnalyticsEvent, PageViewEvent } from "./events";

/**
 * `window.dataLayer`, the one place events go: a Google tag (once consented), another tag manager
 * or a test reads them there. The page's first script made it and `gtag` (`consent-mode.ts`).
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function dataLayer(): unknown[] {
  window.dataLayer ??= [];
  return window.dataLayer;
}

/** `gtag(...)`: pushes its arguments object, the form consent and config commands need. */
export function gtag(..._args: unknown[]): void {
  // biome-ignore lint/complexity/noArguments: Google's tags read this very object.
  dataLayer().push(arguments);
}

/**
 * Pushes an event. An ecommerce event first clears the previous `ecommerce` object, as Google
 * asks: GTM's data layer merges objects, so the last event's items would otherwise leak into it.
 */
export function pushEvent(event: AnalyticsEvent | PageViewEvent): void {
  const layer = dataLayer();
  if ("ecommerce" in event) layer.push({ ecommerce: null });
  layer.push(event);
}
