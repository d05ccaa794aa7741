import { MARKETS } from "@kassa/domain";
import { SUPPORTED_LANGUAGES } from "@kassa/i18n";
import { describe, expect, it } from "vitest";
import { SHOP_PAGES, sectionsOf, shopPageValues } from "~/modules/content/shop-pages";
import { config } from "~/modules/http/config.server";
import { storefrontCookies } from "~/modules/http/cookies.server";
import { translatorIn } from "~/modules/http/i18n.server";
import { settle } from "~/test-support/browser";

/**
 * The shop's own pages (terms, privacy, delivery and returns, payment methods, customer service,
 * about) at their translated one-segment slugs: every slug of every language finds its page, the
 * shopper lands on the slug of their own language, and any other path is a 404.
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

async function visit(path: string, language?: Language, origin = "http://storefront.test") {
  const route = await import("./$page");
  const headers = new Headers();
  if (language) {
    headers.set("Cookie", await storefrontCookies().language.serialize(language));
  }
  const url = new URL(`${origin}${path}`);
  const slug = url.pathname.split("/").filter(Boolean)[0];
  return settle(() =>
    route.loader({
      request: new Request(url, { headers }),
      params: { page: slug },
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
      it(`serves the ${page} page at /${slugs[language]} in ${language}`, async () => {
        const answer = await visit(`/${slugs[language]}`, language);
        expect(answer).not.toBeInstanceOf(Response);
        const loaded = answer as Exclude<typeof answer, Response>;
        expect(loaded.page).toBe(page);
        const t = await translatorIn(language);
        expect(loaded.title).toBe(`${t(`${page as keyof typeof SLUGS}.title`)} – Kassa`);
        // Every language's address, each made to show its own language.
        expect(loaded.alternates).toEqual(
          SUPPORTED_LANGUAGES.map((other) => ({
            hrefLang: other,
            href: `${config().publicOrigin}/${slugs[other]}?lng=${other}`,
          })),
        );
      });
    }
  }

  it("names each language's address on the shop's public origin, whatever host the request named", async () => {
    // The request's host is the client's to choose (Host, or X-Forwarded-Host through a proxy);
    // a shared cache would replay links to it to every visitor (issue 28).
    const answer = await visit("/kopvillkor", "sv", "http://evil.example");
    const loaded = answer as Exclude<typeof answer, Response>;
    for (const { href } of loaded.alternates) {
      expect(new URL(href).origin).toBe(config().publicOrigin);
    }
    expect(JSON.stringify(loaded)).not.toContain("evil.example");
  });

  it("sends a slug of another language to the page's slug in the shopper's language", async () => {
    for (const [page, slugs] of Object.entries(SLUGS)) {
      for (const language of SUPPORTED_LANGUAGES) {
        for (const other of SUPPORTED_LANGUAGES.filter((candidate) => candidate !== language)) {
          const answer = await visit(`/${slugs[other]}`, language);
          expect(answer, `${page} ${other} → ${language}`).toBeInstanceOf(Response);
          expect((answer as Response).status).toBe(302);
          expect((answer as Response).headers.get("Location")).toBe(`/${slugs[language]}`);
        }
      }
    }
  });

  it("lands a language link (?lng=) on the page's slug in that language, the query kept", async () => {
    // The header's language links keep the path: /kopvillkor?lng=fi from a Swedish page.
    const switched = (await visit("/kopvillkor?lng=fi", "sv")) as Response;
    expect(switched.status).toBe(302);
    expect(switched.headers.get("Location")).toBe("/ostoehdot?lng=fi");
    const landed = await visit("/ostoehdot?lng=fi", "sv");
    expect(landed).not.toBeInstanceOf(Response);
    expect((landed as { page: string }).page).toBe("terms");

    const back = (await visit("/ostoehdot?lng=sv", "fi")) as Response;
    expect(back.headers.get("Location")).toBe("/kopvillkor?lng=sv");
    const english = (await visit("/leverans-och-returer/?lng=en")) as Response;
    expect(english.headers.get("Location")).toBe("/delivery-and-returns?lng=en");
  });

  it("shows the market's language to a shopper who has chosen none (Swedish by default)", async () => {
    const answer = await visit("/privacy-policy");
    expect((answer as Response).headers.get("Location")).toBe("/integritetspolicy");
  });

  it("answers 404 for any other one-segment path", async () => {
    for (const path of ["/not-a-page", "/kopvillkor-2", "/title", "/sections", "/slug"]) {
      const route = await import("./$page");
      const thrown = await route
        .loader({
          request: new Request(`http://storefront.test${path}`),
          params: { page: path.slice(1) },
          context: {},
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(thrown, path).toMatchObject({ init: { status: 404 } });
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
