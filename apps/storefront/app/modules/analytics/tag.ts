/**
 * The Google tag a shop may configure (`KASSA_GTM_ID` or `KASSA_GA4_ID`), loaded only after the
 * shopper consented to statistics, and the hosts the Content-Security-Policy then allows.
 */
export type AnalyticsTag = { kind: "gtm"; id: string } | { kind: "ga4"; id: string };

export const TAG_HOST = "https://www.googletagmanager.com";

/**
 * What a configured tag needs beyond the shop: its script (and GTM's preview pictures) from
 * googletagmanager.com, and the measurement calls and beacons to Google Analytics' hosts.
 */
export interface TagOrigins {
  scripts: readonly string[];
  connections: readonly string[];
}

export const TAG_ORIGINS: TagOrigins = {
  scripts: [TAG_HOST],
  connections: [TAG_HOST, "https://*.google-analytics.com", "https://*.analytics.google.com"],
};

export const NO_TAG_ORIGINS: TagOrigins = { scripts: [], connections: [] };

/** The script that loads the tag. */
export function tagScriptUrl(tag: AnalyticsTag): string {
  const id = encodeURIComponent(tag.id);
  return tag.kind === "gtm" ? `${TAG_HOST}/gtm.js?id=${id}` : `${TAG_HOST}/gtag/js?id=${id}`;
}
