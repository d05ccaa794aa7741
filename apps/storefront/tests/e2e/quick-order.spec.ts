import { expect, type Page, test } from "./fixtures";
import { expectHydrated, expectToast, logInByPost, simpleSku } from "./support";

/**
 * Quick order and order again (issue 32), with JavaScript and without, used by keyboard: a
 * company buyer finds quick order on the account page, types lines, sees each checked (as typed
 * with JavaScript, by the check button without), adds the valid ones and keeps the others with
 * why; an old order goes into the cart again with a summary.
 */

const BUYER = "inkopare@nordtrade.test";

/** Presses a button with the keyboard and waits for the page the post leads to. */
async function pressAndSettle(page: Page, name: RegExp) {
  const button = page.getByRole("button", { name });
  await button.focus();
  const posted = page.waitForResponse((response) => response.request().method() === "POST");
  await page.keyboard.press("Enter");
  await posted;
  await page.waitForLoadState("load");
  await page.waitForFunction(() => !document.querySelector("[aria-busy=true]")).catch(() => {});
}

test("a company buyer orders by article number from the account page, by keyboard", async ({
  page,
  javaScriptEnabled,
}) => {
  const sku = await simpleSku();
  await logInByPost(page, BUYER);
  await page.goto("/my-account/overview/");
  if (javaScriptEnabled) await expectHydrated(page);
  const link = page.getByTestId("quick-order-link");
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/my-account\/quick-order\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Snabbeställning" })).toBeVisible();
  if (javaScriptEnabled) await expectHydrated(page);

  const lines = page.getByLabel("Artikelnummer och antal");
  await lines.focus();
  await page.keyboard.insertText(`${sku}, 2\nNO-SUCH-ARTICLE`);
  if (!javaScriptEnabled) {
    await pressAndSettle(page, /^Kontrollera rader$/);
  }
  // With JavaScript the lines are checked as typed, without a press.
  const rows = page.getByTestId("quick-order-line");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId("quick-order-status")).toHaveText("Kan läggas till");
  await expect(rows.nth(0)).toContainText("Emaljmugg");
  await expect(rows.nth(1).getByTestId("quick-order-status")).toHaveText("Okänt artikelnummer");
  await expect(page.getByTestId("quick-order-summary")).toHaveText("1 av 2 rader kan läggas till.");

  await pressAndSettle(page, /^Lägg alla giltiga rader i varukorgen$/);
  await expectToast(page, "1 rad lades i varukorgen");
  // The line that was not added stays, with why, to correct.
  await expect(lines).toHaveValue("NO-SUCH-ARTICLE");
  await expect(page.getByTestId("quick-order-line")).toHaveCount(1);
  await expect(page.getByTestId("quick-order-status")).toHaveText("Okänt artikelnummer");

  await page.goto("/cart");
  const cartLines = page.getByTestId("cart-lines").locator(":scope > li");
  await expect(cartLines).toHaveCount(1);
  await expect(cartLines.first()).toContainText("2 ×");
});

test("a CSV file's lines join the typed ones and are checked", async ({
  page,
  javaScriptEnabled,
}) => {
  const sku = await simpleSku();
  await logInByPost(page, BUYER);
  await page.goto("/my-account/quick-order/");
  if (javaScriptEnabled) await expectHydrated(page);
  const lines = page.getByLabel("Artikelnummer och antal");
  await lines.fill("NO-SUCH-ARTICLE");
  await page.getByLabel("Eller ladda upp en CSV-fil").setInputFiles({
    name: "order.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`"${sku}";"3"\r\n`),
  });
  // Without JavaScript the file goes with the check; with it, its lines join the box at once.
  if (!javaScriptEnabled) await pressAndSettle(page, /^Kontrollera rader$/);
  await expect(lines).toHaveValue(new RegExp(`^NO-SUCH-ARTICLE\\n"${sku}";"3"\\s*$`));
  const statuses = page.getByTestId("quick-order-status");
  await expect(statuses).toHaveText(["Okänt artikelnummer", "Kan läggas till"]);
});

test("a consumer's account page has no quick order link", async ({ page }) => {
  await logInByPost(page, "kund@kassa.test");
  await page.goto("/my-account/overview/");
  await expect(page.getByTestId("account-greeting")).toBeVisible();
  await expect(page.getByTestId("quick-order-link")).toHaveCount(0);
});

test("an order goes into the cart again, with a summary, by keyboard", async ({
  page,
  javaScriptEnabled,
}) => {
  await logInByPost(page, BUYER);
  await page.goto("/my-account/orders/");
  const firstOrder = page.getByTestId("order-row").first().getByRole("link").first();
  const orderPath = new URL((await firstOrder.getAttribute("href")) ?? "", page.url());
  await page.goto(orderPath.pathname);
  if (javaScriptEnabled) await expectHydrated(page);
  await pressAndSettle(page, /^Beställ igen$/);
  await expect(page).toHaveURL(/\/cart$/);
  await expectToast(page, /(rader lades i varukorgen|ligger i varukorgen), till dagens priser/);
  await expect(page.getByTestId("cart-lines").locator(":scope > li").first()).toBeVisible();
});
