import { axeViolations } from "./accessibility";
import { expect, type Page, type TestInfo, test } from "./fixtures";

/**
 * Product search: the search page and the search box on it and on the not-found page, with
 * JavaScript on and off (a GET form either way), results with prices, paging, the no-results page
 * with its spelling suggestion and categories, Swedish and Finnish, and with JavaScript the
 * combobox's suggestions by keyboard. axe checks the search and not-found pages in sv, fi and en.
 */

const isJs = (testInfo: TestInfo) => testInfo.project.name === "js-enabled";

/** The search box of the page's main content (the empty search page's and the 404's). */
const searchField = (page: Page) => page.getByRole("main").locator('input[name="q"]');

/** The header's search box, in any language, on every page (the results page's only one). */
const headerSearchBox = (page: Page) => page.getByRole("banner").getByRole("combobox");

/**
 * With JavaScript, the boxes are comboboxes once the page has hydrated; type only after that. The
 * header's box is on every page, so it tells.
 */
async function ready(page: Page, testInfo: TestInfo) {
  if (isJs(testInfo)) await expect(headerSearchBox(page)).toBeVisible();
}

async function searchFor(page: Page, testInfo: TestInfo, query: string) {
  await ready(page, testInfo);
  await searchField(page).fill(query);
  await Promise.all([page.waitForURL(/\/search\?q=/), searchField(page).press("Enter")]);
}

test("a search from the search page lists the products with prices, counted and paged", async ({
  page,
}, testInfo) => {
  await page.goto("/search");
  await expect(page.getByRole("heading", { level: 1, name: "Sök" })).toBeVisible();
  await expect(page).toHaveTitle("Sök – Kassa");

  await searchFor(page, testInfo, "kläder");
  await expect(page).toHaveURL(/\/search\?q=kl%C3%A4der$/);
  await expect(page).toHaveTitle("Sökresultat för ”kläder” – Kassa");
  await expect(
    page.getByRole("heading", { level: 1, name: "Sökresultat för ”kläder”" }),
  ).toBeVisible();
  const count = page.getByTestId("result-count");
  await expect(count).toHaveText(/^\d+ produkter$/);
  const total = Number((await count.textContent())?.split(" ")[0]);
  expect(total).toBeGreaterThan(12);
  // The results page leaves refining to the header's box, which keeps the query.
  await expect(page.getByRole("main").locator('input[name="q"]')).toHaveCount(0);
  await expect(page.getByRole("banner").locator('input[name="q"]:visible')).toHaveValue("kläder");

  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /Ulltröja Fjäll/ }).first()).toBeVisible();
  // Priced in the market's currency, as on category pages.
  await expect(main.getByTestId("product-grid")).toContainText(/\d[\d\s\u00a0\u202f]*kr/);

  await main
    .getByRole("navigation", { name: "Sidor" })
    .getByRole("link", { name: "Nästa" })
    .click();
  await expect(page).toHaveURL(/\/search\?q=kl%C3%A4der&page=2$/);
  await expect(page.getByTestId("result-count")).toHaveText(`${total} produkter`);
});

test("a shopper who lands on a missing page can search from it", async ({ page }, testInfo) => {
  const response = await page.goto("/det/finns/inte");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Sidan hittades inte – Kassa");
  await expect(page.getByRole("heading", { level: 1, name: "Sidan finns inte" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Försök igen" })).toHaveCount(0);
  const categories = page.getByRole("navigation", { name: "Eller börja i en kategori" });
  await expect(categories.getByRole("link", { name: "Kläder" })).toHaveAttribute(
    "href",
    "/sv-se/kategori/klader",
  );
  await expect(page.getByRole("main").getByRole("link", { name: "Till startsidan" })).toBeVisible();

  await searchFor(page, testInfo, "ullsockor");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sökresultat för ”ullsockor”");
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /Ullsockor Fjäll/ })
      .first(),
  ).toBeVisible();

  const oneSegment = await page.goto("/sidan-som-inte-finns");
  expect(oneSegment?.status()).toBe(404);
  await expect(page).toHaveTitle("Sidan hittades inte – Kassa");
});

test("nothing found: a spelling the shop knows and the categories to start from", async ({
  page,
}) => {
  await page.goto(`/search?q=${encodeURIComponent("tröija qqqzz")}`);
  await expect(page.getByTestId("result-count")).toHaveText("0 produkter");
  const noResults = page.getByTestId("no-results");
  await expect(
    noResults.getByRole("heading", { name: "Inga träffar för ”tröija qqqzz”" }),
  ).toBeVisible();
  await expect(noResults.getByRole("link", { name: "Väskor" })).toHaveAttribute(
    "href",
    "/sv-se/kategori/vaskor",
  );
  const didYouMean = page.getByTestId("did-you-mean");
  await expect(didYouMean).toHaveText("Menade du tröjor?");
  await didYouMean.getByRole("link", { name: "tröjor" }).click();
  await expect(page).toHaveURL(/\/search\?q=tr%C3%B6jor$/);
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /Kofta Dalarna/ })
      .first(),
  ).toBeVisible();
});

test("a typo still finds the products, with the right spelling offered", async ({ page }) => {
  await page.goto("/search?q=tr%C3%B6ija");
  await expect(page.getByTestId("did-you-mean")).toHaveText("Menade du tröjor?");
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /Ulltröja Fjäll/ })
      .first(),
  ).toBeVisible();
});

test("Finnish: word forms in Finnish, names and euro prices", async ({ page }, testInfo) => {
  await page.goto("/search?lng=fi");
  await expect(page.getByRole("heading", { level: 1, name: "Haku" })).toBeVisible();
  await searchFor(page, testInfo, "villasukkia");
  await expect(
    page.getByRole("heading", { level: 1, name: "Hakutulokset: ”villasukkia”" }),
  ).toBeVisible();
  await expect(page.getByTestId("result-count")).toHaveText(/^\d+ tuotetta$/);
  await expect(
    page
      .getByRole("main")
      .getByRole("link", { name: /Villasukat Fjäll/ })
      .first(),
  ).toBeVisible();

  const response = await page.goto("/ei/ole/olemassa");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Sivua ei löytynyt – Kassa");
  await expect(page.getByRole("heading", { level: 1, name: "Sivua ei löydy" })).toBeVisible();
});

test("the search box suggests as you type; arrows and Enter open a product", async ({
  page,
}, testInfo) => {
  test.skip(!isJs(testInfo), "suggestions need JavaScript; the box is a plain form without");
  await page.goto("/search");
  await ready(page, testInfo);
  const box = page.getByRole("main").getByRole("combobox", { name: "Sök produkter" });
  await box.pressSequentially("ullt", { delay: 40 });

  const listbox = page.getByRole("listbox", { name: "Sökförslag" });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("option").first()).toContainText("Ulltröja Fjäll");
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    /^\d förslag\. Välj med pil upp och pil ned\.$/,
  );

  // Focus stays in the box; the active option is pointed at.
  await box.press("ArrowDown");
  const first = listbox.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute(
    "aria-activedescendant",
    (await first.getAttribute("id")) ?? "",
  );
  await expect(box).toBeFocused();

  // Escape closes the list, then clears the box.
  await box.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.press("Escape");
  await expect(box).toHaveValue("");

  await box.pressSequentially("ullt", { delay: 40 });
  await expect(listbox.getByRole("option").first()).toContainText("Ulltröja Fjäll");
  await box.press("ArrowDown");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/produkt\/ulltroja-fjall$/);
});

test("the last suggestion runs the search, and a category suggestion opens the category", async ({
  page,
}, testInfo) => {
  test.skip(!isJs(testInfo), "suggestions need JavaScript");
  await page.goto("/search");
  await ready(page, testInfo);
  const box = page.getByRole("main").getByRole("combobox", { name: "Sök produkter" });
  await box.pressSequentially("tröj", { delay: 40 });
  const listbox = page.getByRole("listbox", { name: "Sökförslag" });
  await expect(listbox.getByRole("option", { name: /Tröjor/ })).toBeVisible();
  // Up from the top wraps to the last option: the search itself.
  await box.press("ArrowDown");
  await box.press("ArrowUp");
  await expect(listbox.getByRole("option").last()).toHaveAttribute("aria-selected", "true");
  await expect(listbox.getByRole("option").last()).toContainText("Sök efter ”tröj”");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=tr%C3%B6j$/);

  // The results page refines in the header's box.
  await ready(page, testInfo);
  const headerBox = headerSearchBox(page);
  await headerBox.fill("");
  await headerBox.pressSequentially("tröj", { delay: 40 });
  await page
    .getByRole("banner")
    .getByRole("listbox", { name: "Sökförslag" })
    .getByRole("option", { name: /Tröjor/ })
    .click();
  await expect(page).toHaveURL(/\/kategori\/klader\/trojor$/);
});

for (const lng of ["sv", "fi", "en"] as const) {
  test(`the search and not-found pages pass axe in ${lng}`, async ({ page }, testInfo) => {
    test.skip(!isJs(testInfo), "axe runs as a script in the page");
    for (const path of [
      `/search?lng=${lng}`,
      `/search?q=ull&lng=${lng}`,
      `/search?q=${encodeURIComponent("tröija qqqzz")}&lng=${lng}`,
      `/finns/inte/alls?lng=${lng}`,
    ]) {
      await page.goto(path);
      await ready(page, testInfo);
      expect({ path, violations: await axeViolations(page) }).toEqual({ path, violations: [] });
    }
    // With the suggestions open.
    await page.goto(`/search?lng=${lng}`);
    await ready(page, testInfo);
    await searchField(page).pressSequentially("ull", { delay: 40 });
    await expect(page.getByRole("listbox")).toBeVisible();
    await searchField(page).press("ArrowDown");
    expect(await axeViolations(page)).toEqual([]);
  });
}
