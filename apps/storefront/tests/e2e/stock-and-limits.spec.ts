import { expect, test } from "./fixtures";
import { addToCart, cartLinesSettled, cartLink, expectToast, SEED_FIXTURES } from "./support";

test("a sold-out variant cannot be added", async ({ page }) => {
  const { slug, soldOutVariantId, availableVariantId } = SEED_FIXTURES.soldOut;
  await page.goto(`/produkt/${slug}?variant=${soldOutVariantId}`);
  await expect(page.getByTestId("stock-status")).toHaveText("Slut i lager");
  await expect(
    page.getByText("Den här varianten är slut i lager.", { exact: false }),
  ).toBeVisible();
  const button = page.getByRole("button", { name: "Slut i lager" });
  await expect(button).toBeDisabled();

  // Another variant of the same product can be bought.
  await page.goto(`/produkt/${slug}?variant=${availableVariantId}`);
  await addToCart(page, 1);
  await expect(cartLink(page)).toHaveText(/Varukorg, 1 vara/);
});

test("a low stock variant says how many are left, and more than that is refused", async ({
  page,
}) => {
  const { slug, variantId, availableQuantity } = SEED_FIXTURES.lowStock;
  await page.goto(`/produkt/${slug}?variant=${variantId}`);
  await expect(page.getByTestId("stock-status")).toHaveText(`Bara ${availableQuantity} kvar`);
  await addToCart(page, availableQuantity + 1);
  await expectToast(page, "Slut i lager");
  await expectToast(page, "Varan finns inte längre i lager.");
  await expect(cartLink(page)).toHaveText(/Varukorg, 0 varor/);
});

test("the order limit is explained when hit", async ({ page }) => {
  const { slug, variantIds, orderLimit } = SEED_FIXTURES.orderLimit;
  await page.goto(`/produkt/${slug}?variant=${variantIds[0]}`);
  await expect(page.getByTestId("order-limit-note")).toHaveText(
    `Högst ${orderLimit} st per beställning.`,
  );
  await addToCart(page, orderLimit - 1);
  await expect(cartLink(page)).toHaveText(new RegExp(`Varukorg, ${orderLimit - 1} var`));

  // Another variant of the same product counts towards the same limit (C§5).
  await page.goto(`/produkt/${slug}?variant=${variantIds[1]}`);
  await addToCart(page, 2);
  await expectToast(page, "Maxantal uppnått");
  await expectToast(
    page,
    `Du kan köpa högst ${orderLimit} st av den här produkten per beställning.`,
  );
  await expect(cartLink(page)).toHaveText(new RegExp(`Varukorg, ${orderLimit - 1} var`));

  // The plus button in the cart is held to the limit as well.
  await page.goto("/cart");
  const plus = page.getByRole("button", { name: /^Öka antal av/ });
  await plus.click();
  await expect(cartLink(page)).toHaveText(new RegExp(`Varukorg, ${orderLimit} varor`));
  await cartLinesSettled(page);
  await plus.click();
  await expectToast(page, "Maxantal uppnått");
  await expect(cartLink(page)).toHaveText(new RegExp(`Varukorg, ${orderLimit} varor`));
});

test("a quantity below 1 gets a translated message", async ({ page }) => {
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  const input = page.getByLabel("Antal");
  // Without JavaScript the browser's own min=1 check would stop the form; remove it to reach the server.
  await input.evaluate((element) => element.removeAttribute("min")).catch(() => {});
  await input.fill("0");
  await page.getByRole("button", { name: "Lägg i varukorgen" }).click();
  await expect(page.getByText("Antalet måste vara minst 1.")).toBeVisible();
  await expect(cartLink(page)).toHaveText(/Varukorg, 0 varor/);
});
