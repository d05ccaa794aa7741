import type { ConsentChoices } from "./consent";

/**
 * Google Consent Mode v2: the four signals a Google tag reads from the data layer before it
 * stores or sends anything. Statistics grants `analytics_storage`; marketing grants the three
 * `ad_*` signals.
 */
export type ConsentSignal = "granted" | "denied";

export interface GoogleConsent {
  analytics_storage: ConsentSignal;
  ad_storage: ConsentSignal;
  ad_user_data: ConsentSignal;
  ad_personalization: ConsentSignal;
}

export const ALL_DENIED: GoogleConsent = {
  analytics_storage: "denied",
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
};

export function googleConsentOf({ statistics, marketing }: ConsentChoices): GoogleConsent {
  const ads: ConsentSignal = marketing ? "granted" : "denied";
  return {
    analytics_storage: statistics ? "granted" : "denied",
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

/**
 * The page's first script (in `<head>`, before any module): the data layer, `gtag`, and
 * `consent default` with everything denied, before anything else is pushed; then, when the
 * shopper has chosen, `consent update` from the choice. `gtag` pushes its `arguments` object, as
 * Google's own snippet does: the tags read consent commands only in that form.
 */
export function consentModeBootstrap(choices: ConsentChoices | null): string {
  const lines = [
    "window.dataLayer=window.dataLayer||[];",
    "window.gtag=window.gtag||function(){window.dataLayer.push(arguments)};",
    `window.gtag("consent","default",${JSON.stringify(ALL_DENIED)});`,
  ];
  if (choices) {
    lines.push(`window.gtag("consent","update",${JSON.stringify(googleConsentOf(choices))});`);
  }
  return lines.join("");
}
