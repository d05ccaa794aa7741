import { ready } from "./shopper";
import type { Tab } from "./tab";

/**
 * The steps of a buyer beyond the cart, written once for every engine: logging in by the login
 * page, switching market, going to the checkout and paying in the provider's sandbox widget.
 */

/** The demo accounts' password (README.md). */
export const DEMO_PASSWORD = "Kassa12345!";

/** The alt shop (Klarna, Adyen): the storefront one port up from the default one. */
export function altShop(tab: Tab): string {
  const url = new URL(tab.baseURL);
  url.port = String(Number(url.port) + 1);
  return url.origin;
}

/** Logs in by the login page, as a person does, and waits for the account page it leads to. */
export async function logIn(tab: Tab, email: string, shop = tab.baseURL) {
  await tab.goto(`${shop}/login`);
  await ready(tab);
  await tab.fill({ label: "E-postadress", in: { css: "main" } }, email);
  await tab.fill({ label: "Lösenord", in: { css: "main" } }, DEMO_PASSWORD);
  await tab.click({ role: "button", name: "Logga in", in: { css: "main" } });
  await tab.expectUrl(/\/my-account\/overview\/$/, { timeout: 15_000 });
}

/** Switches market by the header's menu (a `<details>`), and waits for the page in it. */
export async function chooseMarket(tab: Tab, market: "Finland" | "Sverige") {
  await ready(tab);
  await tab.click({ role: "button", name: /SEK|EUR/ });
  await tab.click({ role: "button", name: new RegExp(market) });
  await tab.expectText({ role: "button", name: /SEK|EUR/ }, market === "Finland" ? "EUR" : "SEK");
}

/** From the cart to the checkout, by the cart's own button. */
export async function toCheckout(tab: Tab, shop = tab.baseURL) {
  await tab.goto(`${shop}/cart`);
  await ready(tab);
  await tab.click({ testId: "to-checkout" });
  await tab.expectUrl(/\/checkout$/, { timeout: 15_000 });
}

const PAY = { role: "button", name: /^(Betala|Maksa|Pay) / } as const;

/**
 * Pays in the provider's sandbox widget: with scripts, in the iframe the provider's snippet made
 * (once its script has told the page its height, so the frame no longer grows under the click);
 * without, on the provider's own page the checkout links to.
 */
export async function payInWidget(tab: Tab) {
  if (tab.javaScriptEnabled) {
    await tab.waitFor(
      () =>
        /(^|;\s*)height: \d+px/.test(
          document.querySelector("[data-testid=payment-provider] iframe")?.getAttribute("style") ??
            "",
        ),
      undefined,
      { timeout: 15_000 },
    );
    await tab.inFrame({ css: "iframe", in: { testId: "payment-provider" } }, async (widget) => {
      await widget.click(PAY);
    });
    return;
  }
  await tab.click({
    role: "link",
    name: /Fortsätt till betalning|Jatka maksamaan|Continue to payment/,
  });
  await tab.click(PAY);
}
