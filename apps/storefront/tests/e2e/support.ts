import { type Locator, type Page, expect } from "@playwright/test";

export { SEED_FIXTURES } from "@kassa/platform/testing";

/** A toast, shown as a Radix toast with JavaScript and as a flash alert without. */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/** Adds the shown variant and waits until the shop has answered (with or without JavaScript). */
export async function addToCart(page: Page, quantity = 1) {
  const input = page.getByLabel(/^(Antal|Määrä|Quantity)$/);
  await input.fill(String(quantity));
  await submitAndSettle(page, page.getByRole("button", { name: /Lägg i varukorgen|Lisää ostoskoriin|Add to cart/ }));
}

/** Clicks a submit button and waits for the post and the page it leads to. */
export async function submitAndSettle(page: Page, button: Locator) {
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await button.click();
  await posted;
  await page.waitForLoadState("load");
  // With JavaScript the redirect is followed by a revalidation; wait until it is done.
  await page.waitForFunction(() => !document.querySelector("[aria-busy=true]")).catch(() => {});
}

/** The quantity a cart line's stepper shows (its text includes a visually hidden label). */
export function lineQuantity(page: Page, index = 0) {
  return page.getByTestId("cart-lines").locator("output").nth(index);
}

export function cartLink(page: Page) {
  return page.getByTestId("cart-link");
}

/** Chooses a market in the header's selector (a `<details>` menu; works without JavaScript). */
export async function chooseMarket(page: Page, marketName: string) {
  await page.locator("summary", { hasText: /SEK|EUR/ }).click();
  await page.getByRole("button", { name: new RegExp(marketName) }).click();
}
