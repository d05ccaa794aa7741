import { axeViolations } from "./accessibility";
import { expect, type Page, test } from "./fixtures";
import { expectToast, submitAndSettle } from "./support";

/**
 * The gift-card shop (`/presentkort`): a shopper buys a card for someone else and finds it in the
 * cart. With and without JavaScript, like every flow.
 */

/** axe runs in the page, so only with JavaScript; the markup is the same without. */
async function expectAccessible(page: Page, js: boolean) {
  if (!js) return;
  const found = await axeViolations(page, { include: "main" });
  expect(found).toEqual([]);
}

test("a shopper buys a 500 kr gift card and sees it in the cart", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await page.goto("/");
  await page.getByRole("link", { name: "Köp presentkort" }).click();
  await expect(page).toHaveURL(/\/presentkort$/);
  await expect(page.getByRole("heading", { name: "Köp presentkort", level: 1 })).toBeVisible();
  await expectAccessible(page, js);

  await page.getByLabel(/^500\skr$/).check();
  await page.getByLabel("Födelsedag").check();
  await page.getByLabel("Mottagarens e-postadress").fill("mottagare@example.se");
  await page.getByLabel("Från (valfritt)").fill("Anna");
  await page.getByLabel("Hälsning (valfritt)").fill("Grattis på födelsedagen!");
  await submitAndSettle(page, page.getByRole("button", { name: "Lägg i varukorgen" }));

  await expect(page).toHaveURL(/\/cart$/);
  await expectToast(
    page,
    /Presentkortet på 500\skr till mottagare@example\.se ligger i varukorgen/,
  );
  await expect(page.getByTestId("cart-lines")).toContainText(/Presentkort 500\skr/);
});
