import { expect, type Locator, type Page, test } from "./fixtures";
import { cartLink } from "./support";

/**
 * The header at a phone's 390 px and a desktop's 1280 px: what shows, that Tab goes through it in
 * the order it is drawn, and the phone menu (a disclosure that opens without JavaScript).
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const menuButton = (page: Page) => page.locator("summary", { hasText: "Meny" });
const banner = (page: Page) => page.getByRole("banner");

async function expectTabOrder(page: Page, stops: Locator[]) {
  // From the top of the page: the skip link comes first, then the header.
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Hoppa till innehållet" })).toBeFocused();
  for (const stop of stops) {
    await page.keyboard.press("Tab");
    await expect(stop).toBeFocused();
  }
}

test("on a phone the header is one row and the search box, with the rest in the menu", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(menuButton(page)).toBeVisible();
  await expect(cartLink(page)).toBeVisible();
  await expect(banner(page).locator("summary", { hasText: "Sverige" })).toBeVisible();
  await expect(
    banner(page).getByRole("searchbox").or(banner(page).getByRole("combobox")),
  ).toBeVisible();
  // The categories wait in the closed menu.
  await expect(banner(page).getByRole("link", { name: "Väskor" })).toBeHidden();
  const height = await banner(page).evaluate((header) => header.getBoundingClientRect().height);
  expect(height).toBeLessThan(130);

  await menuButton(page).click();
  const menu = page.getByTestId("site-menu");
  await expect(menu.getByRole("link", { name: "Logga in" })).toBeVisible();
  // Each language is named in itself after its code, which is all the screen shows.
  await expect(menu.getByRole("link", { name: "fi suomi" })).toBeVisible();
  await menu.getByRole("link", { name: "Väskor" }).click();
  await expect(page).toHaveURL(/\/kategori\/vaskor$/);
  await expect(page.getByRole("heading", { level: 1, name: "Väskor" })).toBeVisible();
  // The new page does not open under a menu left open.
  await expect(menu).toBeHidden();
});

test("on a phone Tab follows the screen: menu, brand, market, wishlist, cart, search", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "js-disabled", "the search box is a combobox with scripts");
  await page.setViewportSize(PHONE);
  await page.goto("/");
  await expect(banner(page).getByRole("button", { name: /Önskelista/ })).toBeVisible();
  await expectTabOrder(page, [
    menuButton(page),
    banner(page).getByRole("link", { name: "Kassa" }),
    banner(page).locator("summary", { hasText: "Sverige" }),
    banner(page).getByRole("button", { name: /Önskelista/ }),
    cartLink(page),
    banner(page).getByRole("combobox", { name: "Sök produkter" }),
  ]);

  // The menu by keyboard: open it, its first link is next, Escape closes it and returns focus.
  await menuButton(page).focus();
  await page.keyboard.press("Enter");
  const menu = page.getByTestId("site-menu");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Kläder" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(menuButton(page)).toBeFocused();
});

test("on a desktop Tab goes along the first row, then the categories and languages", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "js-disabled", "the search box is a combobox with scripts");
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await expect(banner(page).getByRole("button", { name: /Önskelista/ })).toBeVisible();
  await expect(menuButton(page)).toBeHidden();
  await expectTabOrder(page, [
    banner(page).getByRole("link", { name: "Kassa" }),
    banner(page).getByRole("combobox", { name: "Sök produkter" }),
    banner(page).getByRole("button", { name: "Sök" }),
    banner(page).locator("summary", { hasText: "Sverige" }),
    banner(page).getByRole("link", { name: "Logga in" }),
    banner(page).getByRole("button", { name: /Önskelista/ }),
    cartLink(page),
    banner(page).getByRole("link", { name: "Kläder" }),
  ]);
});
