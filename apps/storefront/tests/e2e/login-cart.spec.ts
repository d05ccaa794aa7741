import { expect, test } from "./fixtures";
import {
  addToCart,
  cartLink,
  DEMO_PASSWORD,
  logIn,
  SEED_FIXTURES,
  submitAndSettle,
} from "./support";

test("logging in moves the cart into the user's store group, and logging out clears it", async ({
  page,
  context,
}) => {
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  await addToCart(page, 2);
  await page.goto("/cart");
  // The consumer store group: prices include VAT.
  await expect(page.getByTestId("summary-vat")).toContainText("Varav moms");

  // A company admin shops in the business store group (prices without VAT).
  await logIn(page, "admin@nordtrade.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/my-account\/overview\/$/);
  await expect(cartLink(page)).toHaveText(/Varukorg, 2 varor/);
  await page.goto("/cart");
  await expect(page.getByTestId("cart-lines")).toContainText(/Emaljmugg/i);
  await expect(page.getByTestId("summary-vat")).toContainText(/^Moms/);
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  await expect(page.getByText("Exkl. moms")).toBeVisible();

  const signedIn = (await context.cookies()).map((cookie) => cookie.name);
  expect(signedIn).toEqual(
    expect.arrayContaining(["userToken", "refreshToken", "userId", "storeGroupId", "cartToken"]),
  );

  await submitAndSettle(page, page.getByRole("button", { name: "Logga ut" }));
  await expect(cartLink(page)).toHaveText(/Varukorg, 0 varor/);
  await expect(page.getByRole("link", { name: "Logga in" })).toBeVisible();
  // A§9: every cookie of the user session is gone; the market and language stay.
  const left = (await context.cookies()).map((cookie) => cookie.name);
  for (const name of [
    "userToken",
    "refreshToken",
    "userId",
    "storeGroupId",
    "storeGroupSlug",
    "cartToken",
    "checkoutToken",
  ]) {
    expect(left).not.toContain(name);
  }
});

test("a Finnish customer logs in and the shop follows their market and language", async ({
  page,
}) => {
  await logIn(page, "asiakas@kassa.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/my-account\/overview\/$/);
  await expect(page.getByRole("heading", { name: "Oma tili", level: 1 })).toBeVisible();
  await page.goto(`/tuote/${SEED_FIXTURES.simple.slug}`);
  await expect(page.getByTestId("product-price")).toContainText("€");
  await expect(page.getByRole("button", { name: "Lisää ostoskoriin" })).toBeVisible();
});

test("account pages send a visitor to the login and back", async ({ page }) => {
  await page.goto("/my-account/credentials/");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy-account%2Fcredentials%2F/);
  await page.getByLabel("E-postadress", { exact: true }).fill("kund@kassa.test");
  await page.getByLabel("Lösenord", { exact: true }).fill(DEMO_PASSWORD);
  await submitAndSettle(page, page.getByRole("button", { name: "Logga in" }).last());
  await expect(page).toHaveURL(/\/my-account\/credentials\/$/);
  await expect(page.getByRole("heading", { name: "Mina uppgifter", level: 1 })).toBeVisible();
});

test("a Finnish customer's phone gets the Finnish calling code in the profile (A§5)", async ({
  page,
}) => {
  await logIn(page, "asiakas@kassa.test", DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/my-account\/overview\/$/);
  await page.goto("/my-account/credentials/");
  const phone = page.getByLabel("Matkapuhelinnumero");
  await phone.fill("040 123 4567");
  await submitAndSettle(page, page.getByRole("button", { name: "Tallenna" }));
  await expect(page.getByText("Tietosi on tallennettu.")).toBeVisible();
  // What was stored: the market's country (FI), with and without JavaScript; not the default +46.
  await page.goto("/my-account/credentials/");
  await expect(page.getByLabel("Matkapuhelinnumero")).toHaveValue("+358401234567");
});
