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

/** Logs in through the login page, as a person does. */
export async function logIn(tab: Tab, email: string, password: string) {
  await tab.goto("/login");
  await ready(tab);
  await tab.fill({ label: "E-postadress" }, email);
  await tab.fill({ label: "Lösenord" }, password);
  await tab.click({ role: "button", name: "Logga in", in: { css: "main" } });
  await tab.expectUrl(/\/my-account\//);
}
