import { SEED_FIXTURES } from "@kassa/platform/testing";
import { test } from "./fixtures";
import { addToCart, cartLink, chooseCookies, ready } from "./shopper";

/**
 * Market and language in every engine (market.spec.ts has the rest): the header's language links
 * and its market selector, a `<details>` menu of submit buttons that works without scripts too.
 */

const { slug } = SEED_FIXTURES.simple;
const header = { css: "header" } as const;
const price = { testId: "product-price" } as const;

test("from Sverige in Swedish to Finnish, then to Finland: euros, Finnish texts, /fi-fi/", async ({
  tab,
}) => {
  await tab.goto(`/sv-se/produkt/${slug}`);
  await chooseCookies(tab);
  await addToCart(tab, 2, 2);
  await tab.expectText(price, "kr");
  await tab.expectText(cartLink, /Varukorg, 2 varor/);

  // The language: Finnish texts, the market (and its kronor) kept.
  await tab.click({ role: "link", name: "fi suomi", in: header });
  await tab.expectVisible({ role: "button", name: "Lisää ostoskoriin" });
  await tab.expectText(price, "kr");
  await tab.expectText(cartLink, /Ostoskori, 2 tuotetta/);
  await tab.expectText({ role: "button", name: /Ruotsi/, in: header }, /Ruotsi/);

  // The market: Finland, in euros, at Finland's own address.
  await ready(tab);
  await tab.click({ role: "button", name: /Ruotsi/, in: header });
  await tab.click({ role: "button", name: /Vaihda markkinaan Suomi EUR/, in: header });
  await tab.expectUrl(new RegExp(`/fi-fi/tuote/${slug}$`));
  await tab.expectVisible({ text: /Asioit nyt markkinassa Suomi \(EUR\)/ });
  await tab.expectText(price, "€");
  await tab.expectVisible({ role: "button", name: "Lisää ostoskoriin" });
  await tab.expectText(cartLink, /Ostoskori, 2 tuotetta/);
  await tab.waitFor(() => document.documentElement.lang === "fi");

  await tab.click(cartLink);
  await tab.expectVisible({ role: "heading", name: "Ostoskori" });
  await tab.expectText({ testId: "summary-grand-total" }, "€");
});
