import { cartWith, payInWidget, toCheckout } from "./checkout-support";
import { expect, type Page, test } from "./fixtures";
import { expectHydrated, logInByPost } from "./support";

/**
 * Printing an order (issue 32): the confirmation and the account's order page print as the order
 * alone (number, lines, totals, addresses; black on white; rows never cut), without the shop's
 * header, menu, footer, cookie banner, toasts or buttons, with the browser's own print (JavaScript
 * off too). With JavaScript a Print button opens the print dialog.
 */

/** Counts `window.print()` calls instead of opening the dialog (JavaScript on only). */
async function stubPrint(page: Page) {
  await page.addInitScript(() => {
    const calls = { count: 0 };
    Reflect.set(window, "__printCalls", calls);
    window.print = () => {
      calls.count += 1;
    };
  });
}

async function printCalls(page: Page): Promise<number> {
  return page.evaluate(() => (Reflect.get(window, "__printCalls") as { count: number }).count);
}

/** The Print button: with JavaScript it prints (once per click); without, there is none. */
async function expectPrintButton(page: Page, js: boolean) {
  const button = page.getByRole("button", { name: "Skriv ut" });
  if (!js) {
    await expect(button).toHaveCount(0);
    return;
  }
  await expectHydrated(page);
  await button.click();
  expect(await printCalls(page)).toBe(1);
  await button.press("Enter");
  expect(await printCalls(page)).toBe(2);
}

/** In print: the shop's frame and every control gone, the page black on white. */
async function expectPrintedAsOrderAlone(page: Page) {
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("banner")).toBeHidden();
  await expect(page.getByRole("contentinfo")).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Huvudmeny" })).toBeHidden();
  await expect(page.getByTestId("consent-banner")).toBeHidden();
  await expect(page.getByTestId("flash")).toBeHidden();
  for (const button of await page.locator("main button").all()) {
    await expect(button).toBeHidden();
  }
  const looks = await page.evaluate(() => {
    const heading = document.querySelector("main h1");
    const row = document.querySelector("main li");
    return {
      body: getComputedStyle(document.body).backgroundColor,
      heading: heading ? getComputedStyle(heading).color : null,
      rowBreak: row ? getComputedStyle(row).breakInside : null,
    };
  });
  expect(looks).toEqual({ body: "rgb(255, 255, 255)", heading: "rgb(0, 0, 0)", rowBreak: "avoid" });
}

test("an order's confirmation prints as the order alone", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await stubPrint(page);
  await cartWith(page);
  await toCheckout(page);
  await payInWidget(page, js);
  await expect(page.getByRole("heading", { name: "Tack för din beställning!" })).toBeVisible();
  await expectPrintButton(page, js);

  await expectPrintedAsOrderAlone(page);
  await expect(page.getByTestId("order-number")).toBeVisible();
  await expect(page.getByTestId("order-lines")).toBeVisible();
  await expect(page.getByTestId("summary-grand-total")).toBeVisible();
  // The delivery and billing addresses, as the shopper gave them in the widget.
  await expect(page.locator("main address")).toHaveCount(2);
  for (const address of await page.locator("main address").all()) {
    await expect(address).toBeVisible();
    await expect(address).toContainText("Stårgatan 1");
  }
  // The guest's signup form is the screen's.
  await expect(page.getByTestId("order-signup")).toBeHidden();
});

test("an order page of the account prints as the order alone", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await stubPrint(page);
  await logInByPost(page, "inkopare@nordtrade.test");
  await page.goto("/my-account/orders/");
  await page.getByTestId("order-row").first().getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: /^Order \d+$/, level: 1 })).toBeVisible();
  await expectPrintButton(page, js);

  await expectPrintedAsOrderAlone(page);
  await expect(page.getByRole("heading", { name: /^Order \d+$/, level: 1 })).toBeVisible();
  await expect(page.getByTestId("order-lines")).toBeVisible();
  await expect(page.getByTestId("summary-grand-total")).toBeVisible();
  await expect(page.locator("main address")).toHaveCount(2);
  for (const address of await page.locator("main address").all()) {
    await expect(address).toBeVisible();
  }
  // The customer reference, where the order has one (A§4), prints with it.
  if ((await page.getByTestId("order-reference").count()) > 0) {
    await expect(page.getByTestId("order-reference")).toBeVisible();
  }
  await expect(page.getByTestId("order-refresh")).toBeHidden();
  await expect(page.getByRole("link", { name: /Tillbaka/ })).toBeHidden();
});
