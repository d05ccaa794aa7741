import { expect, type Locator, type Page, test } from "./fixtures";
import {
  addToCart,
  cartLinesSettled,
  expectHydrated,
  expectToast,
  lineQuantity,
  SEED_FIXTURES,
  submitAndSettle,
} from "./support";

/**
 * Changing a cart line's size (C§3, C§4) by keyboard, with JavaScript (a fetcher: the line stays,
 * focus stays on the button) and without (a plain form post and a new page).
 */

const { soldOutSize } = SEED_FIXTURES;
const [small, large] = soldOutSize.availableVariantIds;

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`${target} could not be reached with ${limit} presses of Tab`);
}

test("a cart line changes size by keyboard, keeping its quantity; a sold-out size cannot be chosen", async ({
  page,
}, testInfo) => {
  const scripts = testInfo.project.name === "js-enabled";
  await page.goto(`/produkt/${soldOutSize.slug}?variant=${small}`);
  await addToCart(page, 2);
  await page.goto("/cart");
  if (scripts) await expectHydrated(page);

  const select = page.getByRole("combobox", { name: /^Storlek för/ });
  await expect(select).toHaveValue(small);
  const soldOut = select.locator(`option[value="${soldOutSize.soldOutVariantId}"]`);
  await expect(soldOut).toBeDisabled();
  await expect(soldOut).toHaveText(`${soldOutSize.soldOutSize} (slut i lager)`);
  await expect(select.locator(`option[value="${large}"]`)).toHaveText(/^L \(\d+ i lager\)$/);

  // By keyboard: to the select, down past the sold-out M to L, then to the button and Enter.
  await tabTo(page, select);
  await page.keyboard.press("ArrowDown");
  await expect(select).toHaveValue(large);
  const change = page.getByRole("button", { name: /^Byt storlek på/ });
  await tabTo(page, change);
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.keyboard.press("Enter");
  await posted;
  await page.waitForLoadState("load");

  await expectToast(page, /är nu i storlek L\./);
  await cartLinesSettled(page);
  await expect(page.getByRole("combobox", { name: /^Storlek för/ })).toHaveValue(large);
  await expect(lineQuantity(page)).toContainText("2");
  await expect(page.getByTestId("cart-lines").locator(":scope > li")).toHaveCount(1);
  // With scripts the line stays in place, and so does focus; without, a new page starts at the top.
  if (scripts) await expect(change).toBeFocused();
});

test("a size chosen without a change of the select leaves the cart as it was", async ({ page }) => {
  await page.goto(`/produkt/${soldOutSize.slug}?variant=${small}`);
  await addToCart(page, 1);
  await page.goto("/cart");
  const change = page.getByRole("button", { name: /^Byt storlek på/ });
  await submitAndSettle(page, change);
  await expect(page.getByRole("combobox", { name: /^Storlek för/ })).toHaveValue(small);
  await expect(page.getByText(/är nu i storlek/)).toHaveCount(0);
});

test("on a phone a line's size choice fits the screen, in Finnish too (no sideways scroll)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/produkt/${soldOutSize.slug}?variant=${small}&lng=fi`);
  await addToCart(page, 1);
  await page.goto("/cart?lng=fi");
  await expect(page.getByRole("button", { name: /^Vaihda koko/ })).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: document.documentElement.clientWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
});
