import { axeViolations } from "./accessibility";
import { expect, type Locator, type Page, type TestInfo, test } from "./fixtures";
import { expectHydrated, expectToast, SEED_FIXTURES, submitAndSettle } from "./support";

/**
 * The wishlist (C§2–C§4, C§9) and the compare list (C§2), as a visitor uses them, with
 * JavaScript on (the list in browser storage, the drawer, a second tab) and off (form posts that
 * keep the list in a cookie).
 */

const CATEGORY = "/kategori/klader";
const SWEATER = `/produkt/${SEED_FIXTURES.multiVariant.slug}`;
const isJs = (testInfo: TestInfo) => testInfo.project.name === "js-enabled";

function cards(page: Page) {
  // The grid's own items (a card's colour swatches are list items too).
  return page.getByTestId("product-grid").locator(":scope > li");
}

/** The name of the product on a card, from its heading. */
async function nameOf(card: Locator) {
  return ((await card.getByRole("heading").textContent()) ?? "").trim();
}

/** Presses a heart; without JavaScript the page comes back from the form post. */
async function pressHeart(page: Page, heart: Locator, testInfo: TestInfo) {
  if (isJs(testInfo)) await heart.click();
  else await submitAndSettle(page, heart);
}

async function expectAccessible(page: Page) {
  expect(await axeViolations(page, { include: "main" })).toEqual([]);
}

test("a visitor keeps products from a card and the product page, lists them, and removes one", async ({
  page,
}, testInfo) => {
  // The page's clock, to move past the 'added' state's 5 s rather than wait them out.
  if (isJs(testInfo)) await page.clock.install();
  await page.goto(CATEGORY);
  const card = cards(page).nth(1);
  const name = await nameOf(card);
  await pressHeart(
    page,
    card.getByRole("button", { name: `Spara ${name} i önskelistan` }),
    testInfo,
  );
  const kept = cards(page)
    .nth(1)
    .getByRole("button", { name: `Ta bort ${name} ur önskelistan` });
  await expect(kept).toHaveAttribute("aria-pressed", "true");
  if (isJs(testInfo)) {
    // C§4: the 'added' state shows for 5 s.
    await expect(cards(page).nth(1).getByText("Sparad", { exact: true })).toBeVisible();
    await page.clock.fastForward(5000);
    await expect(cards(page).nth(1).getByText("Sparad", { exact: true })).toBeHidden();
  } else {
    await expectToast(page, `${name} har sparats i önskelistan.`);
  }
  await expect(page.getByTestId("wishlist-link")).toHaveAccessibleName("Önskelista, 1 produkt");

  // The product page keeps the colour chosen there.
  await page.goto(`${SWEATER}?color=Skogsgr%C3%B6n`);
  await pressHeart(
    page,
    page.getByRole("button", { name: "Spara Ulltröja Fjäll i önskelistan" }),
    testInfo,
  );
  await expect(
    page.getByRole("button", { name: "Ta bort Ulltröja Fjäll ur önskelistan" }),
  ).toHaveAttribute("aria-pressed", "true");

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { name: "Önskelista", level: 1 })).toBeVisible();
  const items = page.getByTestId("wishlist-item");
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText("Ulltröja Fjäll");
  await expect(items.first()).toContainText("Färg: Skogsgrön");
  await expect(items.nth(1)).toContainText(name);
  await expect(page.getByTestId("wishlist-count")).toHaveText("2 sparade produkter");
  if (isJs(testInfo)) await expectAccessible(page);

  await pressHeart(
    page,
    items.nth(1).getByRole("button", { name: `Ta bort ${name} ur önskelistan` }),
    testInfo,
  );
  await expect(items).toHaveCount(1);
  await expect(page.getByTestId("wishlist-count")).toHaveText("1 sparad produkt");
  await page.reload();
  await expect(page.getByTestId("wishlist-item")).toHaveCount(1);
});

test("the drawer lists the wishlist, and a second tab sees a change", async ({
  page,
  context,
}, testInfo) => {
  test.skip(!isJs(testInfo), "the drawer and the storage event need JavaScript");
  await page.goto(CATEGORY);
  const name = await nameOf(cards(page).first());
  await cards(page)
    .first()
    .getByRole("button", { name: `Spara ${name} i önskelistan` })
    .click();

  await page.getByRole("button", { name: "Önskelista, 1 produkt" }).click();
  const drawer = page.getByRole("dialog", { name: "Önskelista" });
  await expect(drawer.getByTestId("wishlist-drawer-item")).toHaveCount(1);
  await expect(drawer).toContainText(name);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();

  const second = await context.newPage();
  await second.goto("/favorites");
  await expect(second.getByTestId("wishlist-item")).toHaveCount(1);
  await second.getByRole("button", { name: `Ta bort ${name} ur önskelistan` }).click();
  await expect(second.getByTestId("wishlist-item")).toHaveCount(0);
  // The first tab hears the storage change.
  await expect(page.getByRole("button", { name: "Önskelista, 0 produkter" })).toBeVisible();
  await expect(
    cards(page)
      .first()
      .getByRole("button", { name: `Spara ${name} i önskelistan` }),
  ).toHaveAttribute("aria-pressed", "false");
});

test("the heart is reached and pressed by keyboard", async ({ page }, testInfo) => {
  await page.goto(SWEATER);
  const heart = page.getByRole("button", { name: "Spara Ulltröja Fjäll i önskelistan" });
  await page.getByRole("heading", { name: "Ulltröja Fjäll", level: 1 }).click();
  for (
    let press = 0;
    press < 5 && !(await heart.evaluate((el) => el === document.activeElement));
    press++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(heart).toBeFocused();
  if (isJs(testInfo)) {
    await page.keyboard.press("Enter");
  } else {
    const posted = page.waitForResponse((response) => response.request().method() === "POST");
    await page.keyboard.press("Enter");
    await posted;
    await page.waitForLoadState("load");
  }
  await expect(
    page.getByRole("button", { name: "Ta bort Ulltröja Fjäll ur önskelistan" }),
  ).toHaveAttribute("aria-pressed", "true");
});

test("two products compared side by side; the compare list empties on the next page", async ({
  page,
}, testInfo) => {
  await page.goto(CATEGORY);
  if (isJs(testInfo)) await expectHydrated(page);
  const first = await nameOf(cards(page).first());
  const second = await nameOf(cards(page).nth(1));
  await cards(page)
    .first()
    .getByRole("checkbox", { name: `Jämför ${first}` })
    .check();
  await cards(page)
    .nth(1)
    .getByRole("checkbox", { name: `Jämför ${second}` })
    .check();
  const form = page.getByTestId("compare-form");
  if (isJs(testInfo)) {
    await expect(form).toContainText("2 av 4 valda för jämförelse");
    await expect(form.getByTestId("compare-chosen")).toContainText(first);
    await form.getByRole("button", { name: "Jämför 2 produkter" }).click();
  } else {
    await form.getByRole("button", { name: "Jämför valda" }).click();
  }
  await expect(page).toHaveURL(/\/compare\?compare=.*&compare=/);
  await expect(page.getByRole("heading", { name: "Jämför produkter", level: 1 })).toBeVisible();
  const table = page.getByTestId("compare-table");
  await expect(table.getByRole("columnheader")).toHaveCount(2);
  await expect(table.getByRole("columnheader").first()).toContainText(first);
  await expect(table.getByRole("rowheader", { name: "Pris" })).toBeVisible();
  await expect(table.getByRole("rowheader", { name: "Lager" })).toBeVisible();
  if (isJs(testInfo)) await expectAccessible(page);

  // C§2: every route change empties the compare list.
  await page.goBack();
  await page.goto(CATEGORY);
  await expect(
    cards(page)
      .first()
      .getByRole("checkbox", { name: `Jämför ${first}` }),
  ).not.toBeChecked();
  await expect(page.getByTestId("compare-form")).toContainText("Kryssa i Jämför på upp till 4");
});

test("the compare list is empty again after following a link and pressing Back (C§2)", async ({
  page,
}, testInfo) => {
  await page.goto(CATEGORY);
  if (isJs(testInfo)) await expectHydrated(page);
  const boxes = [cards(page).first(), cards(page).nth(1)].map((card) => card.getByRole("checkbox"));
  for (const box of boxes) await box.check();
  if (isJs(testInfo)) {
    await expect(page.getByTestId("compare-form")).toContainText("2 av 4 valda för jämförelse");
  }
  // A header link, then Back: the browser must not bring the ticks back, nor scripts read them.
  await page.getByRole("banner").getByRole("link", { name: "Kassa", exact: true }).click();
  await expect(page).not.toHaveURL(new RegExp(`${CATEGORY}$`));
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${CATEGORY}$`));
  if (isJs(testInfo)) await expectHydrated(page);
  for (const box of boxes) await expect(box).not.toBeChecked();
  await expect(page.getByTestId("compare-form")).toContainText("Kryssa i Jämför på upp till 4");
});

test("a fifth product is not added to the compare list", async ({ page }, testInfo) => {
  test.skip(!isJs(testInfo), "without JavaScript the comparison page keeps the first four");
  await page.goto(CATEGORY);
  await expectHydrated(page);
  for (let index = 0; index < 5; index++) {
    await cards(page).nth(index).getByRole("checkbox").click();
  }
  await expect(page.getByTestId("compare-form")).toContainText("Du kan jämföra högst 4 produkter.");
  await expect(cards(page).nth(4).getByRole("checkbox")).not.toBeChecked();
});

test("the comparison page keeps the first four of more", async ({ page }) => {
  const ids = ["pp-1001", "pp-1002", "pp-1003", "pp-1004", "pp-1005"];
  await page.goto(`/compare?${ids.map((id) => `compare=${id}`).join("&")}`);
  await expect(
    page.getByText("Högst 4 produkter jämförs åt gången; de första 4 visas."),
  ).toBeVisible();
  await expect(page.getByTestId("compare-table").getByRole("columnheader")).toHaveCount(4);
});

for (const [language, title, heading] of [
  ["fi", "Toivelista", "Vertaa tuotteita"],
  ["en", "Wishlist", "Compare products"],
] as const) {
  test(`the wishlist and comparison read in ${language} and pass axe`, async ({
    page,
  }, testInfo) => {
    await page.goto(`/favorites?lng=${language}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    if (isJs(testInfo)) await expectAccessible(page);
    await page.goto(`/compare?compare=pp-1001&compare=pp-1002&lng=${language}`);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    if (isJs(testInfo)) await expectAccessible(page);
  });
}

test("products compared from a Finnish category page are compared in Finnish and in euros", async ({
  page,
}, testInfo) => {
  await page.goto("/fi-fi/kategoria/klader");
  if (isJs(testInfo)) await expect(page.getByRole("button", { name: /^Toivelista/ })).toBeVisible();
  for (const card of [cards(page).first(), cards(page).nth(1)]) {
    await card.getByRole("checkbox", { name: /^Vertaa / }).check();
  }
  await page
    .getByTestId("compare-form")
    .getByRole("button", { name: /^Vertaa/ })
    .click();
  await expect(page).toHaveURL(/\/compare\?compare=[^&]+&compare=[^&]+$/);
  await expect(page.getByRole("heading", { name: "Vertaa tuotteita", level: 1 })).toBeVisible();
  await expect(page.getByTestId("compare-table")).toContainText("€");
});
