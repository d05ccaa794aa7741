import { expect, type Page, test } from "./fixtures";
import { addToCart, DEMO_PASSWORD, logIn, SEED_FIXTURES, submitAndSettle } from "./support";

/**
 * Issue 28: logging out left the Avarda purchase token and the saved gift card (code and PIN) in
 * the browser, where a shared computer's next user found them. A Finnish customer starts an Avarda
 * checkout, saves a gift card and logs out: afterwards the browser holds only the cookies logout
 * keeps on purpose (market, language, a signup's token, the flash of its own toast).
 */

const KEPT = ["lng", "market", "signupToken", "kassa_flash"];

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name);
}

test("logging out leaves no purchase token, no saved gift card, nothing of the shopper", async ({
  page,
}) => {
  // Market and language come with the account: Finland, Finnish, Avarda.
  await logIn(page, "asiakas@kassa.test", DEMO_PASSWORD);
  await page.goto(`/tuote/${SEED_FIXTURES.simple.slug}`);
  await addToCart(page, 1);
  await page.goto("/cart");
  await page.getByTestId("to-checkout").click();
  await expect(page.getByRole("heading", { name: "Kassa", level: 1 })).toBeVisible();
  await expect.poll(() => cookieNames(page)).toContain("avardaPurchaseToken");

  await page.goto("/cart");
  await page.getByLabel("Lahjakortin numero").fill("6000 0000 0000 3000");
  await page.getByLabel("PIN-koodi").fill("1234");
  await submitAndSettle(page, page.getByRole("button", { name: "Tallenna lahjakortti" }));
  await expect(page.getByTestId("saved-gift-cards")).toContainText("3000");
  expect(await cookieNames(page)).toEqual(
    expect.arrayContaining(["giftCards", "avardaPurchaseToken", "userToken", "cartToken"]),
  );

  await page.goto("/my-account/overview/");
  await submitAndSettle(page, page.getByRole("button", { name: "Kirjaudu ulos" }).first());
  await expect(page.getByRole("link", { name: "Kirjaudu sisään" }).first()).toBeVisible();

  const left = await cookieNames(page);
  expect(left.filter((name) => !KEPT.includes(name))).toEqual([]);
  await page.goto("/cart");
  await expect(page.getByTestId("saved-gift-cards")).toHaveCount(0);
});
