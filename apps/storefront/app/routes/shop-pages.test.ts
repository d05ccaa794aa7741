import { MARKETS } from "@kassa/domain";
import { SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { describe, expect, it } from "vitest";
import { SHOP_PAGES, sectionsOf, shopPageValues } from "~/modules/content/shop-pages";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { translatorIn } from "~/modules/http/i18n.server";
import { settle } from "~/test-support/browser";

/**
 * The shop's own pages (terms, privacy, delivery and returns, payment methods, customer service,
 * about) at their translated slugs under each locale (`/fi-fi/ostoehdot`): every slug of every
 * language finds its page, the shopper lands on the slug of the locale's language, an address from
 * before the locales is sent to its page, and any other path is a 404.
 */

const SLUGS = {
  terms: { sv: "kopvillkor", fi: "ostoehdot", en: "terms" },
  privacy: { sv: "integritetspolicy", fi: "tietosuojaseloste", en: "privacy-policy" },
  deliveryReturns: {
    sv: "leverans-och-returer",
    fi: "toimitus-ja-palautukset",
    en: "delivery-and-returns",
  },
  paymentMethods: { sv: "betalsatt", fi: "maksutavat", en: "payment-methods" },
  customerService: { sv: "kundservice", fi: "asiakaspalvelu", en: "customer-service" },
  about: { sv: "om-kassa", fi: "tietoa-kassasta", en: "about-kassa" },
} as const;

type Language = (typeof SUPPORTED_LANGUAGES)[number];

/** The shop page at `/{locale}{path}`, as its route's loader answers it. */
async function visit(path: string, locale = "sv-se") {
  const route = await import("./$locale.$page");
  const url = new URL(`http://storefront.test/${locale}${path}`);
  const slug = url.pathname.split("/").filter(Boolean)[1];
  return settle(() =>
    route.loader({ request: new Request(url), params: { locale, page: slug }, context: {} }),
  );
}

/** A one-segment path without a locale, as `/` and `/{locale}` share a route (ADR 0037). */
async function visitWithoutLocale(path: string, language?: Language) {
  const route = await import("./($locale)._index");
  const headers = new Headers();
  if (language) {
    headers.set("Cookie", await storefrontCookies().language.serialize(language));
  }
  const url = new URL(`http://storefront.test${path}`);
  return settle(() =>
    route.loader({
      request: new Request(url, { headers }),
      params: { locale: url.pathname.slice(1) },
      context: {},
    }),
  );
}

describe("the shop's own pages", () => {
  it("has a page for every slug in the list, and the list for every page", () => {
    expect(Object.keys(SLUGS).sort()).toEqual([...SHOP_PAGES].sort());
  });

  for (const [page, slugs] of Object.entries(SLUGS)) {
    for (const language of SUPPORTED_LANGUAGES) {
      it(`serves the ${page} page at /${language}-se/${slugs[language]} in ${language}`, async () => {
        const answer = await visit(`/${slugs[language]}`, `${language}-se`);
        expect(answer).not.toBeInstanceOf(Response);
        const loaded = answer as Exclude<typeof answer, Response>;
        expect(loaded.page).toBe(page);
        const t = await translatorIn(language);
        expect(loaded.title).toBe(`${t(`${page as keyof typeof SLUGS}.title`)} – Kassa`);
      });
    }
  }

  it("sends a slug of another language to the page's slug in the locale's language", async () => {
    for (const [page, slugs] of Object.entries(SLUGS)) {
      for (const language of SUPPORTED_LANGUAGES) {
        for (const other of SUPPORTED_LANGUAGES.filter((candidate) => candidate !== language)) {
          const answer = await visit(`/${slugs[other]}?x=1`, `${language}-fi`);
          expect(answer, `${page} ${other} → ${language}`).toBeInstanceOf(Response);
          expect((answer as Response).status).toBe(301);
          expect((answer as Response).headers.get("Location")).toBe(
            `/${language}-fi/${slugs[language]}?x=1`,
          );
        }
      }
    }
  });

  it("sends an address from before the locales to the page in its slug's language", async () => {
    const swedish = (await visitWithoutLocale("/kopvillkor")) as Response;
    expect(swedish.status).toBe(301);
    expect(swedish.headers.get("Location")).toBe("/sv-se/kopvillkor");
    // The slug names a language, but a remembered one was what the old page showed.
    const finnish = (await visitWithoutLocale("/ostoehdot")) as Response;
    expect(finnish.headers.get("Location")).toBe("/fi-se/ostoehdot");
    const remembered = (await visitWithoutLocale("/ostoehdot", "sv")) as Response;
    expect(remembered.headers.get("Location")).toBe("/sv-se/kopvillkor");
    // `?lng=` of the old link wins, and the page gets that language's slug.
    const english = (await visitWithoutLocale("/leverans-och-returer?lng=en")) as Response;
    expect(english.headers.get("Location")).toBe("/en-se/delivery-and-returns");
    // What the redirect depends on is the visitor's: never kept for another.
    expect(english.headers.get("Cache-Control")).toBe("private, no-store");
    expect(english.headers.get("Vary")).toBe("Cookie");
  });

  it("answers 404 for any other one-segment path, and for a page that is not a shop page", async () => {
    for (const path of ["/not-a-page", "/kopvillkor-2", "/title", "/sections", "/slug"]) {
      const thrown = await visitWithoutLocale(path).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(thrown, path).toMatchObject({ init: { status: 404 } });
      const inLocale = await visit(path).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(inLocale, path).toMatchObject({ init: { status: 404 } });
    }
  });
});

describe("the pages' text", () => {
  it("fills every placeholder of every section in every language", async () => {
    for (const language of SUPPORTED_LANGUAGES) {
      const t = await translatorIn(language);
      const values = shopPageValues(language);
      for (const page of SHOP_PAGES) {
        expect(sectionsOf(page).length, page).toBeGreaterThanOrEqual(4);
        for (const section of sectionsOf(page)) {
          for (const part of ["heading", "body"]) {
            const key = `${page}.sections.${section}.${part}`;
            const text = t(key as never, values) as string;
            expect(text, `${language} ${key}`).not.toBe(key);
            expect(text, `${language} ${key}`).not.toMatch(/{{|}}/);
          }
        }
      }
    }
  });

  it("quotes the shipping the cart charges, in each market's currency", async () => {
    const [se, fi] = [MARKETS[0], MARKETS[1]];
    const sv = shopPageValues("sv");
    expect(se.shipping).toEqual({ fee: 4900, freeFrom: 49900 });
    expect(sv.feeSE).toBe("49\u00a0kr");
    expect(sv.freeFromSE).toBe("499\u00a0kr");
    expect(fi.shipping).toEqual({ fee: 490, freeFrom: 4900 });
    expect(shopPageValues("fi").feeFI).toBe("4,90\u00a0€");
    expect(shopPageValues("en").freeFromFI).toBe("€49");
    const t = await translatorIn("sv");
    expect(t("deliveryReturns.sections.costs.body", sv)).toContain(
      "Sverige: 49\u00a0kr, fri frakt när varorna kostar minst 499\u00a0kr",
    );
  });
});
