import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ConsentChoices } from "./consent";
import { googleConsentOf } from "./consent-mode";
import { gtag, pushEvent } from "./data-layer";
import type { PageViewEvent } from "./events";
import { pageLocation } from "./page-location";
import type { PendingEvent, RootAnalytics } from "./root-analytics";
import { type AnalyticsTag, tagScriptUrl } from "./tag";

/** Pending events already pushed in this page's life (a revalidation returns none; a re-render the same). */
const pushed = new Set<string>();

/**
 * What every page does for analytics once scripts run: pushes a page view for each page (its
 * address cut to the parameters `page-location.ts` allows), pushes the events a form post left
 * for it, pushes `consent update` when the shopper chooses on this page, and loads the configured
 * tag once statistics are allowed (never before: no request to Google without consent).
 */
export function AnalyticsHost({ consent, tag, events }: RootAnalytics) {
  const allowed = consent?.statistics === true;
  const page = usePageViews();
  usePendingEvents(events);
  useConsentUpdates(consent);
  useTag(tag, allowed);
  useGoogleAnalyticsPageViews(tag, allowed, page);
  return null;
}

/**
 * The page view of every page, in the data layer: a tag manager's tags read `page_location` and
 * `page_referrer` from it (ADR 0050), never the address bar's full URL. The referrer of a page
 * scripts navigated to is the page before it, cut the same way.
 */
function usePageViews(): PageViewEvent | null {
  const { pathname, search } = useLocation();
  const previous = useRef<string | null>(null);
  const [page, setPage] = useState<PageViewEvent | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a page view per address; the address is read from the document.
  useEffect(() => {
    const view: PageViewEvent = {
      event: "page_view",
      page_location: pageLocation(window.location.href),
      page_referrer: previous.current ?? pageLocation(document.referrer),
      page_title: document.title,
    };
    previous.current = view.page_location;
    pushEvent(view);
    setPage(view);
  }, [pathname, search]);
  return page;
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
      // No automatic page view: it would read the address bar. Each page's is sent below.
      gtag("config", tag.id, { send_page_view: false });
    }
    const script = document.createElement("script");
    script.async = true;
    script.src = src;
    document.head.appendChild(script);
  }, [tag, allowed]);
}

/**
 * A Google Analytics tag (`KASSA_GA4_ID`) gets each page's view as an event whose address is the
 * data layer's page view's, and `set` makes that address the one every later hit of the page
 * carries; the page the shopper consented on is counted once the tag is allowed.
 */
function useGoogleAnalyticsPageViews(
  tag: AnalyticsTag | null,
  allowed: boolean,
  page: PageViewEvent | null,
) {
  const sent = useRef<PageViewEvent | null>(null);
  useEffect(() => {
    if (tag?.kind !== "ga4" || !allowed || !page || sent.current === page) return;
    sent.current = page;
    const { page_location, page_referrer, page_title } = page;
    gtag("set", { page_location, page_referrer, page_title });
    gtag("event", "page_view", { page_location, page_referrer, page_title, send_to: tag.id });
  }, [tag, allowed, page]);
}
