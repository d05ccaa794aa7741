import { expect, test } from "./fixtures";
import { addToCart, cartLink, chooseMarket, expectToast, SEED_FIXTURES } from "./support";

test("switching market keeps the cart's items, in the new currency and language", async ({
  page,
}) => {
  const { slug } = SEED_FIXTURES.simple;
  await page.goto(`/produkt/${slug}`);
  await addToCart(page, 2);
  await expect(cartLink(page)).toHaveText(/Varukorg, 2 varor/);
  await expect(page.getByTestId("product-price")).toContainText("kr");

  await chooseMarket(page, "Finland");
  await expect(page).toHaveURL(new RegExp(`/tuote/${slug}$`));
  await expectToast(page, /Asioit nyt markkinassa Suomi \(EUR\)/);
  await expect(page.getByRole("button", { name: "Lisää ostoskoriin" })).toBeVisible();
  await expect(page.getByTestId("product-price")).toContainText("€");
  await expect(cartLink(page)).toHaveText(/Ostoskori, 2 tuotetta/);

  await cartLink(page).click();
  await expect(page.getByRole("heading", { name: "Ostoskori", level: 1 })).toBeVisible();
  await expect(page.getByTestId("summary-grand-total")).toContainText("€");

  await chooseMarket(page, "Ruotsi");
  await expect(page.getByRole("heading", { name: "Varukorg", level: 1 })).toBeVisible();
  await expect(page.getByTestId("summary-grand-total")).toContainText("kr");
  await expect(cartLink(page)).toHaveText(/Varukorg, 2 varor/);
});

test("the language follows ?lng=, then stays in a cookie", async ({ page }) => {
  await page.goto("/?lng=fi");
  await expect(page.getByRole("heading", { name: "Tervetuloa Kassaan" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Tervetuloa Kassaan" })).toBeVisible();
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { name: "Welcome to Kassa" })).toBeVisible();
  // The market did not change: prices stay in SEK.
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  await expect(page.getByTestId("product-price")).toContainText("kr");
});
