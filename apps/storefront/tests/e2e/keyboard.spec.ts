import { expect, type Locator, type Page, test } from "./fixtures";
import { cartLinesSettled, cartLink, expectToast, lineQuantity, SEED_FIXTURES } from "./support";

/**
 * A purchase path by keyboard alone, with JavaScript on: product → add → cart → quantity →
 * remove, asserting where focus is after every step. (Without JavaScript every step is a page
 * load, which starts focus at the top of the new page; the flows of shop.spec.ts cover it.)
 */

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
  }
  throw new Error(`${target} could not be reached with ${limit} presses of Tab`);
}

async function waitForHydration(page: Page) {
  // The header's wishlist link becomes a button once React has taken over the page.
  await expect(page.getByRole("button", { name: /Önskelista/ })).toBeVisible();
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`a purchase by keyboard alone keeps focus where the shopper is (${viewport.width} px)`, async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === "js-disabled", "focus management is what JavaScript adds");
    await page.setViewportSize(viewport);

    // Product: a colour by keyboard, then add. The page neither scrolls nor drops focus.
    await page.goto(`/produkt/${SEED_FIXTURES.multiVariant.slug}`);
    await waitForHydration(page);
    const green = page.getByRole("link", { name: /Skogsgrön/ });
    await tabTo(page, green);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/color=/);
    await expect(page.getByRole("link", { name: /Skogsgrön/ })).toBeFocused();

    const add = page.getByRole("button", { name: "Lägg i varukorgen" });
    await tabTo(page, add);
    const scrolledTo = await page.evaluate(() => window.scrollY);
    await page.keyboard.press("Enter");
    await expectToast(page, /har lagts i varukorgen/);
    await expect(cartLink(page)).toHaveText(/Varukorg, 1 vara/);
    await expect(add).toBeFocused();
    await expect(add).toBeInViewport();
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolledTo);

    // A second product, so that removing the first hands focus to the next line.
    await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
    await waitForHydration(page);
    const addMug = page.getByRole("button", { name: "Lägg i varukorgen" });
    await tabTo(page, addMug);
    await page.keyboard.press("Enter");
    await expect(cartLink(page)).toHaveText(/Varukorg, 2 varor/);
    await expect(addMug).toBeFocused();

    // To the cart through the header.
    await tabTo(page, cartLink(page), { backwards: true });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Varukorg", level: 1 })).toBeVisible();
    await waitForHydration(page);

    // Plus twice: focus stays on the button while each change is saved.
    const increase = page.getByRole("button", { name: /Öka antal av Ulltröja/ });
    await tabTo(page, increase);
    await page.keyboard.press("Enter");
    await expect(increase).toBeFocused();
    await expect(lineQuantity(page, 0)).toHaveText(/2$/);
    await cartLinesSettled(page);
    await page.keyboard.press("Enter");
    await expect(increase).toBeFocused();
    await expect(lineQuantity(page, 0)).toHaveText(/3$/);
    await cartLinesSettled(page);

    // Minus: the same.
    await page.keyboard.press("Shift+Tab");
    const decrease = page.getByRole("button", { name: /Minska antal av Ulltröja/ });
    await tabTo(page, decrease, { backwards: true });
    await page.keyboard.press("Enter");
    await expect(decrease).toBeFocused();
    await expect(lineQuantity(page, 0)).toHaveText(/2$/);
    await cartLinesSettled(page);

    // Remove the first line: focus moves to the next line's remove button, and it is announced.
    const removeSweater = page.getByRole("button", { name: /Ta bort Ulltröja/ });
    await tabTo(page, removeSweater);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: /Ta bort Emaljmugg/ })).toBeFocused();
    await expectToast(page, /Ulltröja Fjäll togs bort/);
    await expect(page.getByTestId("cart-lines").locator(":scope > li")).toHaveCount(1);

    // Remove the last line: focus goes to the cart's heading, which stays as the cart empties.
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("cart-empty")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Varukorg", level: 1 })).toBeFocused();
  });
}
