import { describe, expect, it } from "vitest";
import {
  consentFromCookieHeader,
  consentRecord,
  currentChoices,
  formatConsent,
  parseConsent,
} from "./consent";
import { consentModeBootstrap, googleConsentOf } from "./consent-mode";
import { CONSENT_VERSION } from "./consent-version";

describe("the consent cookie's value", () => {
  it("keeps version, choices and day as plain text, and reads them back", () => {
    const record = consentRecord(
      { statistics: true, marketing: false },
      new Date("2026-11-27T10:00:00Z"),
    );
    expect(record).toEqual({
      statistics: true,
      marketing: false,
      version: CONSENT_VERSION,
      date: "2026-11-27",
    });
    const value = formatConsent(record);
    expect(value).toBe(`${CONSENT_VERSION}.1.0.20261127`);
    expect(parseConsent(value)).toEqual(record);
  });

  it.each([
    "",
    "yes",
    "1.1.0",
    "1.2.0.20261127",
    "1.1.0.2026-11-27",
    "1.1.0.20261127.x",
    "eyJ2IjoxfQ==",
  ])("refuses %j", (value) => {
    expect(parseConsent(value)).toBeNull();
  });

  it("finds the cookie among others", () => {
    const header = `lng=fi; kassa_consent=${CONSENT_VERSION}.0.1.20260101; market=FI`;
    expect(consentFromCookieHeader(header)).toMatchObject({ statistics: false, marketing: true });
    expect(consentFromCookieHeader("lng=fi")).toBeNull();
    expect(consentFromCookieHeader(undefined)).toBeNull();
  });
});

describe("versions", () => {
  it("counts a choice only for the current consent text: an older one asks again", () => {
    const record = consentRecord({ statistics: true, marketing: true }, new Date());
    expect(currentChoices(record)).toEqual({ statistics: true, marketing: true });
    expect(currentChoices({ ...record, version: CONSENT_VERSION - 1 })).toBeNull();
    expect(currentChoices(record, CONSENT_VERSION + 1)).toBeNull();
    expect(currentChoices(null)).toBeNull();
  });
});

describe("Google Consent Mode v2", () => {
  it("maps statistics to analytics_storage and marketing to the three ad signals", () => {
    expect(googleConsentOf({ statistics: true, marketing: false })).toEqual({
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
    expect(googleConsentOf({ statistics: false, marketing: true })).toEqual({
      analytics_storage: "denied",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
  });

  function run(script: string): unknown[][] {
    const window: { dataLayer?: unknown[]; gtag?: unknown } = {};
    new Function("window", script)(window);
    return (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
  }

  it("denies everything by default before anything else, then updates from a choice", () => {
    expect(run(consentModeBootstrap(null))).toEqual([
      [
        "consent",
        "default",
        {
          analytics_storage: "denied",
          ad_storage: "denied",
          ad_user_data: "denied",
          ad_personalization: "denied",
        },
      ],
    ]);
    const layer = run(consentModeBootstrap({ statistics: true, marketing: true }));
    expect(layer.map((entry) => entry.slice(0, 2))).toEqual([
      ["consent", "default"],
      ["consent", "update"],
    ]);
    expect(layer[1]?.[2]).toMatchObject({ analytics_storage: "granted", ad_storage: "granted" });
  });
});
