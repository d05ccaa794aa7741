import { DEMO_PASSWORD } from "../e2e/support";
import type { Tab } from "./tab";

/**
 * The steps a shopper repeats, written once for every engine. Each waits for the shop's answer
 * (with scripts the page updates in place; without, the browser follows the redirect).
 */

export const cartLink = { testId: "cart-link" } as const;
export const addButton = {
  role: "button",
  name: /Lägg i varukorgen|Lisää ostoskoriin|Add to cart/,
} as const;

/** Waits until the page is interactive: hydrated (the wishlist becomes a button) or, without scripts, loaded. */
export async function ready(tab: Tab) {
  if (tab.javaScriptEnabled)
    await tab.expectVisible({ role: "button", name: /^(Önskelista|Toivelista|Wishlist)/ });
}

/** The number of items the header's cart link says. */
export async function cartCount(tab: Tab): Promise<number> {
  const text = await tab.text(cartLink);
  return Number(text.match(/(\d+)/)?.[1] ?? Number.NaN);
}

/** Adds `quantity` of the shown variant and waits until the header counts `expectedCount`. */
export async function addToCart(tab: Tab, quantity: number, expectedCount: number) {
  await ready(tab);
  await tab.fill({ label: /^(Antal|Määrä|Quantity)$/ }, String(quantity));
  await tab.click(addButton);
  await tab.expectText(
    cartLink,
    new RegExp(`\\b${expectedCount} (vara|varor|tuote|tuotetta|item)`),
  );
}

/** Waits until no cart line is saving (a busy line ignores presses, C§2). */
export async function cartSettled(tab: Tab) {
  await tab.expectGone({ css: "[data-testid=cart-lines] li[aria-busy=true]" });
}

/**
 * Accepts or rejects the cookie banner by its button, where it is shown (every first visit), so
 * that it does not lie over what the flow clicks next.
 */
export async function chooseCookies(tab: Tab, choice: "accept" | "reject" = "reject") {
  const name =
    choice === "accept"
      ? /^(Godkänn alla|Hyväksy kaikki|Accept all)$/
      : /^(Avvisa alla|Hylkää kaikki|Reject all)$/;
  if ((await tab.count({ role: "button", name })) > 0) {
    await ready(tab);
    await tab.click({ role: "button", name });
    // The choice is a post; a page asked for before it has answered can be overtaken by it.
    await tab.expectGone({ role: "button", name });
  }
}

// A buyer's steps beyond the cart: logging in by the login page, switching market, going to the
// checkout and paying in the provider's sandbox widget.

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
