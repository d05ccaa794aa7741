import { describe, expect, it } from "vitest";
import {
  categoryPathIn,
  LOCALES,
  languageTag,
  localeOfPath,
  localePath,
  localeSegment,
  parseLocaleSegment,
  pathInLocale,
  personalPathFrom,
  productPathIn,
} from "./locale-url";

const fiFI = { language: "fi", country: "FI" } as const;
const svSE = { language: "sv", country: "SE" } as const;
const enFI = { language: "en", country: "FI" } as const;

describe("a locale in the path (ADR 0037)", () => {
  it("is every language in every market, written language-market in lower case", () => {
    expect(LOCALES.map(localeSegment)).toEqual([
      "sv-se",
      "fi-se",
      "en-se",
      "sv-fi",
      "fi-fi",
      "en-fi",
    ]);
    expect(LOCALES.map(languageTag)).toContain("fi-FI");
  });

  it("is read back from the first segment only, and nothing else passes for one", () => {
    expect(parseLocaleSegment("fi-fi")).toEqual(fiFI);
    expect(localeOfPath("/en-fi/tuote/x")).toEqual(enFI);
    for (const segment of ["FI-FI", "fi", "de-de", "fi-de", "fi-fi-x", "produkt", "", undefined]) {
      expect(parseLocaleSegment(segment), String(segment)).toBeUndefined();
    }
    expect(localeOfPath("/produkt/sv-se")).toBeUndefined();
  });

  it("builds the pages of a locale with its market's prefixes", () => {
    expect(localePath(svSE)).toBe("/sv-se");
    expect(localePath(svSE, "/search")).toBe("/sv-se/search");
    expect(productPathIn(fiFI, "ulltroja")).toBe("/fi-fi/tuote/ulltroja");
    expect(productPathIn(svSE, "ulltroja")).toBe("/sv-se/produkt/ulltroja");
    expect(categoryPathIn(fiFI, "klader/trojor")).toBe("/fi-fi/kategoria/klader/trojor");
    expect(categoryPathIn(enFI, "klader")).toBe("/en-fi/kategoria/klader");
  });
});

describe("the same page in another locale", () => {
  const slugs: Record<string, Record<string, string>> = {
    kopvillkor: { sv: "kopvillkor", fi: "ostoehdot", en: "terms" },
  };
  const translate = (slug: string, language: string) => slugs[slug]?.[language];

  it("moves a product and a category under the other market's prefix, the query kept", () => {
    expect(pathInLocale("/sv-se/produkt/ulltroja?variant=v1", fiFI)).toBe(
      "/fi-fi/tuote/ulltroja?variant=v1",
    );
    expect(pathInLocale("/sv-se/kategori/klader/trojor?page=2", enFI)).toBe(
      "/en-fi/kategoria/klader/trojor?page=2",
    );
    expect(pathInLocale("/fi-fi", svSE)).toBe("/sv-se");
    expect(pathInLocale("/fi-fi/search?q=villa", svSE)).toBe("/sv-se/search?q=villa");
  });

  it("gives a shop page its slug in the other language", () => {
    expect(pathInLocale("/sv-se/kopvillkor", fiFI, translate)).toBe("/fi-fi/ostoehdot");
    expect(pathInLocale("/sv-se/kopvillkor", enFI, translate)).toBe("/en-fi/terms");
  });

  it("has none for a page that is a person's own", () => {
    expect(pathInLocale("/cart", fiFI)).toBeUndefined();
    expect(pathInLocale("/my-account/orders", fiFI)).toBeUndefined();
  });
});

describe("a link to a person's own page from a public page", () => {
  it("carries the public page's locale, after any query of its own", () => {
    expect(personalPathFrom(fiFI, "/login")).toBe("/login?locale=fi-fi");
    expect(personalPathFrom(enFI, "/login?redirectTo=%2Fcart#form")).toBe(
      "/login?redirectTo=%2Fcart&locale=en-fi#form",
    );
    expect(personalPathFrom(undefined, "/cart")).toBe("/cart");
  });
});
