import { expect, type Page, test } from "./fixtures";
import { addToCart, SEED_FIXTURES } from "./support";

/**
 * What Lighthouse reads in every page's first response (issue 15): a description in the page's
 * language, and the page's largest picture (its LCP) fetched at once and first while the pictures
 * further down wait until scrolled near. The same with and without JavaScript.
 */

async function description(page: Page): Promise<string> {
  const tags = page.locator('meta[name="description"]');
  await expect(tags).toHaveCount(1);
  return (await tags.getAttribute("content")) ?? "";
}

async function expectLcpPicture(page: Page, picture: ReturnType<Page["locator"]>) {
  await expect(picture).toHaveAttribute("loading", "eager");
  await expect(picture).toHaveAttribute("fetchpriority", "high");
  // Only the first screenful's pictures compete for the bandwidth.
  const eager = await page.locator('main img[fetchpriority="high"]').count();
  expect(eager).toBeGreaterThan(0);
  expect(eager).toBeLessThanOrEqual(2);
}

test("the home page describes the shop and fetches its first tiles first", async ({ page }) => {
  await page.goto("/");
  expect(await description(page)).toMatch(/^Kassa säljer nordiska kläder/);
  const tiles = page.locator('main section[aria-labelledby="categories-title"] img');
  await expectLcpPicture(page, tiles.first());
  await expect(tiles.nth(2)).toHaveAttribute("loading", "lazy");

  await page.goto("/?lng=en");
  expect(await description(page)).toMatch(/^Kassa sells Nordic clothing/);
});

test("a category page describes the category and fetches its first cards first", async ({
  page,
}) => {
  await page.goto("/kategori/klader");
  const text = await description(page);
  expect(text.length).toBeGreaterThan(20);
  expect(text.length).toBeLessThanOrEqual(160);
  const pictures = page.getByTestId("product-grid").locator("img");
  await expectLcpPicture(page, pictures.first());
  await expect(pictures.nth(4)).toHaveAttribute("loading", "lazy");
});

test("the product page describes the product and fetches its picture first", async ({ page }) => {
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  const about = (await page.locator("#product-about + p").textContent()) ?? "";
  const text = await description(page);
  expect(text.length).toBeGreaterThan(20);
  expect(about.replace(/\s+/g, " ").startsWith(text.replace(/…$/, ""))).toBe(true);
  await expectLcpPicture(page, page.locator("main article > img"));
});

test("the cart and a page without a text of its own still have a description", async ({ page }) => {
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  await addToCart(page, 1);
  await page.goto("/cart");
  expect(await description(page)).toMatch(/^Din varukorg hos Kassa/);

  await page.goto("/login?lng=fi");
  expect(await description(page)).toMatch(/^Kassa myy pohjoismaisia/);
});
