import { SEED_FIXTURES } from "@kassa/platform/testing";
import { test } from "./fixtures";
import {
  addToCart,
  altShop,
  chooseCookies,
  chooseMarket,
  logIn,
  payInWidget,
  toCheckout,
} from "./shopper";
import type { Tab } from "./tab";

/**
 * The checkout in every engine, paid in each of the five providers' sandbox widgets: an iframe
 * that talks to the shop by postMessage and ends in a redirect (scripts on), or the provider's own
 * page the checkout links to (scripts off). Which shop and market use which provider is the
 * Chromium suite's `checkout.spec.ts`: the default shop has Qliro (Sweden), Walley (Sweden's
 * company buyers) and Avarda (Finland); the "alt" shop, one port up, Klarna (Sweden) and Adyen
 * (Finland).
 */

interface Purchase {
  provider: "qliro" | "walley" | "avarda" | "klarna" | "adyen";
  shop: "default" | "alt";
  market: "SE" | "FI";
  /** A demo account to log in as first. */
  buyer?: string;
  paidWith: string;
  /** Also a discount code and a gift card (once: the flow is the same for every provider). */
  vouchers?: boolean;
}

const PURCHASES: Purchase[] = [
  {
    provider: "qliro",
    shop: "default",
    market: "SE",
    paidWith: "Betalt med Qliro",
    vouchers: true,
  },
  {
    provider: "walley",
    shop: "default",
    market: "SE",
    buyer: "inkopare@nordtrade.test",
    paidWith: "Betalt med Walley",
  },
  { provider: "avarda", shop: "default", market: "FI", paidWith: "Maksettu palvelulla Avarda" },
  { provider: "klarna", shop: "alt", market: "SE", paidWith: "Betalt med Klarna" },
  { provider: "adyen", shop: "alt", market: "FI", paidWith: "Maksettu palvelulla Adyen" },
];

/** `quantity` of one product in the cart, on `shop`, in `market` (switched by the header's menu). */
async function fillCart(tab: Tab, shop: string, market: "SE" | "FI", quantity = 1) {
  await tab.goto(`${shop}/sv-se/produkt/${SEED_FIXTURES.simple.slug}`);
  await chooseCookies(tab);
  if (market === "FI") {
    await chooseMarket(tab, "Finland");
    await tab.expectUrl(/\/tuote\//);
  }
  await addToCart(tab, quantity, quantity);
}

/** A discount code in the cart and a gift card at the checkout, which pays all that is left. */
async function applyDiscountAndGiftCard(tab: Tab, shop: string) {
  await tab.goto(`${shop}/cart`);
  await tab.fill({ label: "Rabattkod" }, "VALKOMMEN10");
  await tab.click({ role: "button", name: "Använd" });
  await tab.expectVisible({ testId: "summary-discount" });

  await toCheckout(tab, shop);
  await tab.fill({ label: "Presentkortsnummer" }, "6000 0000 0000 8000");
  await tab.fill({ label: "PIN-kod" }, "1234");
  await tab.click({ role: "button", name: "Lägg till presentkort" });
  await tab.expectText({ testId: "checkout-gift-cards" }, "8000");
  await tab.expectText({ testId: "summary-amount-to-pay" }, /Kvar att betala\s*0\s*kr/);
}

for (const purchase of PURCHASES) {
  const title = `pay with ${purchase.provider} (${purchase.shop} shop, ${purchase.market})${
    purchase.vouchers ? ", a discount code and a gift card" : ""
  }`;
  test(title, async ({ tab }) => {
    const shop = purchase.shop === "alt" ? altShop(tab) : tab.baseURL;
    if (purchase.buyer) await logIn(tab, purchase.buyer, shop);
    await fillCart(tab, shop, purchase.market, purchase.vouchers ? 3 : 1);
    if (purchase.vouchers) await applyDiscountAndGiftCard(tab, shop);
    else await toCheckout(tab, shop);

    await payInWidget(tab);
    await tab.expectUrl(new RegExp(`/checkout/confirmation\\?provider=${purchase.provider}`), {
      timeout: 20_000,
    });
    await tab.expectVisible({
      role: "heading",
      name: /^(Tack för din beställning|Kiitos tilauksestasi)!$/,
    });
    await tab.expectText({ testId: "order-number" }, /^\d{6}$/);
    await tab.expectText({ testId: "order-payment" }, purchase.paidWith);
    if (purchase.vouchers) {
      await tab.expectVisible({ testId: "summary-gift-cards" });
      await tab.expectVisible({ testId: "summary-discount" });
    }
  });
}
