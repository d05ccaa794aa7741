import { expect, test } from "@playwright/test";
import { addToCart, cartLink, expectToast, lineQuantity, SEED_FIXTURES } from "./support";

test("browse → product → add → cart → change quantity → remove", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Välkommen till Kassa" })).toBeVisible();

  // Browse: a category from the menu, then a product from its grid.
  await page.getByRole("navigation", { name: "Huvudmeny" }).getByRole("link").first().click();
  await expect(page.getByTestId("product-grid")).toBeVisible();
  await page.getByTestId("product-grid").getByRole("link").first().click();
  await expect(page.getByRole("button", { name: /Lägg i varukorgen|Slut i lager/ })).toBeVisible();

  // The product this flow buys: in stock in both markets.
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  const productName = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await addToCart(page, 1);
  await expectToast(page, `${productName} har lagts i varukorgen.`);
  await expect(cartLink(page)).toHaveText(/Varukorg, 1 vara/);

  await cartLink(page).click();
  await expect(page.getByRole("heading", { name: "Varukorg", level: 1 })).toBeVisible();
  const lines = page.getByTestId("cart-lines");
  await expect(lines.getByText(productName)).toBeVisible();
  const grandTotal = page.getByTestId("summary-grand-total");
  const totalForOne = await grandTotal.textContent();

  await lines.getByRole("button", { name: `Öka antal av ${productName}` }).click();
  await expect(lineQuantity(page)).toHaveText("Antal 2");
  await expect(cartLink(page)).toHaveText(/Varukorg, 2 varor/);
  await expect(grandTotal).not.toHaveText(totalForOne ?? "");

  await lines.getByRole("button", { name: `Minska antal av ${productName}` }).click();
  await expect(cartLink(page)).toHaveText(/Varukorg, 1 vara/);
  await expect(grandTotal).toHaveText(totalForOne ?? "");

  // Minus at quantity 1 removes the line (C§4).
  await lines.getByRole("button", { name: `Minska antal av ${productName}` }).click();
  await expect(page.getByTestId("cart-empty")).toHaveText("Din varukorg är tom.");
  await expect(cartLink(page)).toHaveText(/Varukorg, 0 varor/);
});

test("the remove button takes a line out of the cart", async ({ page }) => {
  await page.goto(`/produkt/${SEED_FIXTURES.onSale.slug}`);
  const productName = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await addToCart(page, 2);
  await page.goto("/cart");
  await page.getByRole("button", { name: `Ta bort ${productName}` }).click();
  await expectToast(page, `${productName} togs bort ur varukorgen.`);
  await expect(page.getByTestId("cart-empty")).toBeVisible();
});

test("a child item follows its parent's quantity", async ({ page }) => {
  await page.goto(`/produkt/${SEED_FIXTURES.withChildItem.slug}`);
  const productName = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await addToCart(page, 1);
  await page.goto("/cart");
  const lines = page.getByTestId("cart-lines").locator(":scope > li");
  await expect(lines).toHaveCount(2);
  await page.getByRole("button", { name: `Öka antal av ${productName}` }).click();
  await expect(page.getByTestId("line-quantity")).toHaveText(/2/);
  await expect(cartLink(page)).toHaveText(/Varukorg, 2 varor/);
});

test("a sale price shows the struck base price and the discount badge", async ({ page }) => {
  await page.goto(`/produkt/${SEED_FIXTURES.onSale.slug}`);
  const price = page.getByTestId("product-price");
  await expect(price.locator("s, del").first()).toBeVisible();
  await expect(price.getByText(/^-\d+%$/)).toBeVisible();
});

test("an unknown product shows a translated not-found page", async ({ page }) => {
  const response = await page.goto("/produkt/finns-inte");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-boundary")).toContainText("Produkten finns inte");
});

test("a sale price is read as the sale price, then the ordinary price", async ({ page }) => {
  await page.goto(`/produkt/${SEED_FIXTURES.onSale.slug}`);
  // The rendered text a screen reader reads (the labels are visually hidden).
  await expect(page.getByTestId("product-price")).toContainText(
    /^Reapris [\d\s\u00a0\u202f]+kr, ordinarie pris [\d\s\u00a0\u202f]+kr/,
  );
  await page.goto(`/produkt/${SEED_FIXTURES.onSale.slug}?lng=en`);
  await expect(page.getByTestId("product-price")).toContainText(
    /^Sale price [\d\s\u00a0\u202f,]+kr, regular price [\d\s\u00a0\u202f,]+kr/,
  );
});
