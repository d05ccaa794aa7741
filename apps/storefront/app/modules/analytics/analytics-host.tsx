import { useEffect, useRef } from "react";
import type { ConsentChoices } from "./consent";
import { googleConsentOf } from "./consent-mode";
import { gtag, pushEvent } from "./data-layer";
import type { PendingEvent, RootAnalytics } from "./root-analytics";
import { type AnalyticsTag, tagScriptUrl } from "./tag";

/** Pending events already pushed in this page's life (a revalidation returns none; a re-render the same). */
const pushed = new Set<string>();

/**
 * What every page does for analytics once scripts run: pushes the events a form post left for it,
 * pushes `consent update` when the shopper chooses on this page, and loads the configured tag
 * once statistics are allowed (never before: no request to Google without consent).
 */
export function AnalyticsHost({ consent, tag, events }: RootAnalytics) {
  usePendingEvents(events);
  useConsentUpdates(consent);
  useTag(tag, consent?.statistics === true);
  return null;
}

function usePendingEvents(events: readonly PendingEvent[]) {
  useEffect(() => {
    for (const { id, event } of events) {
      if (pushed.has(id)) continue;
      pushed.add(id);
      pushEvent(event);
    }
  }, [events]);
}

function useConsentUpdates(consent: ConsentChoices | null) {
  // The page's first script already pushed the choice it was rendered with.
  const rendered = useRef(consent);
  useEffect(() => {
    const before = rendered.current;
    if (!consent) return;
    if (before?.statistics === consent.statistics && before?.marketing === consent.marketing) {
      return;
    }
    rendered.current = consent;
    gtag("consent", "update", googleConsentOf(consent));
  }, [consent]);
}

function useTag(tag: AnalyticsTag | null, allowed: boolean) {
  useEffect(() => {
    if (!tag || !allowed) return;
    const src = tagScriptUrl(tag);
    if (document.querySelector(`script[src="${src}"]`)) return;
    if (tag.kind === "gtm") {
      window.dataLayer?.push({ "gtm.start": Date.now(), event: "gtm.js" });
    } else {
      gtag("js", new Date());
      gtag("config", tag.id);
    }
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    document.head.appendChild(script);
  }, [tag, allowed]);
}
