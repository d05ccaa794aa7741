import { writeFile } from "node:fs/promises";
import { SEED_FIXTURES } from "@kassa/platform/testing";
import { expect, test } from "./fixtures";
import { coveredControls, focusIndicator, horizontalOverflow } from "./layout";
import { addToCart, chooseCookies, logIn, ready } from "./shopper";
import type { Tab } from "./tab";

/**
 * The main pages in each engine at a phone's width and a laptop's: a screenshot of each, kept
 * with the run's results (test-results/engines/…), and the layout checks a shopper would notice
 * first: no sideways scroll on the phone, no control lying under another, and focus that shows
 * when tabbing (WCAG 2.4.7).
 */
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };
/** How many presses of Tab the focus check follows from the top of each page. */
const TABS = 8;

async function checkPage(tab: Tab, name: string) {
  const info = test.info();
  for (const size of [PHONE, LAPTOP]) {
    await tab.setViewport(size.width, size.height);
    const width = await tab.evaluate(() => window.innerWidth);
    // Firefox with scripts off takes no screenshot: Playwright waits for the page to paint with a
    // script of its own, which does not run (docs/testing.md). The checks below still do.
    if (tab.javaScriptEnabled || tab.engine !== "firefox") {
      // Kept with the run's results: test-results/engines/<test>/<engine>-<page>-<width>.png.
      const path = info.outputPath(`${info.project.name}-${name}-${size.width}.png`);
      await writeFile(path, await tab.screenshot());
      await info.attach(`${name}-${size.width}.png`, { path, contentType: "image/png" });
    }
    if (size === PHONE) {
      expect(
        await tab.evaluate(horizontalOverflow),
        `${name} at ${width} px scrolls sideways`,
      ).toBe(0);
    }
    expect(
      await tab.evaluate(coveredControls),
      `${name} at ${width} px: controls under others`,
    ).toEqual([]);
  }
  // Focus, from the top of the page: each stop shows where it is.
  await tab.evaluate(() => {
    window.scrollTo(0, 0);
    (document.activeElement as HTMLElement | null)?.blur();
  });
  const hidden: string[] = [];
  for (let press = 0; press < TABS; press++) {
    await tab.press("Tab");
    const focused = await tab.evaluate(focusIndicator);
    if (focused && !focused.visible) hidden.push(focused.element);
  }
  expect(hidden, `${name}: focused without a visible indicator`).toEqual([]);
}

test("shopper pages: home, category, product, cart, checkout and login", async ({ tab }) => {
  await tab.goto("/sv-se");
  await chooseCookies(tab);
  await ready(tab);
  await checkPage(tab, "home");

  await tab.goto(`/sv-se/kategori/${SEED_FIXTURES.simple.categoryUri.split("/")[0]}`);
  await tab.expectVisible({ testId: "product-grid" });
  await checkPage(tab, "category");

  await tab.goto(`/sv-se/produkt/${SEED_FIXTURES.multiVariant.slug}`);
  await addToCart(tab, 1, 1);
  await checkPage(tab, "product");

  await tab.goto("/cart");
  await tab.expectVisible({ testId: "cart-lines" });
  await checkPage(tab, "cart");

  await tab.click({ testId: "to-checkout" });
  await tab.expectUrl(/\/checkout/);
  if (tab.javaScriptEnabled)
    await tab.expectVisible({ css: "[data-testid=payment-provider] iframe" });
  await checkPage(tab, "checkout");

  await tab.goto("/logout").catch(() => {});
  await tab.goto("/login");
  await ready(tab);
  await checkPage(tab, "login");
});

test("account pages: an order and the company screen", async ({ tab }) => {
  await tab.goto("/sv-se");
  await chooseCookies(tab);
  await logIn(tab, "admin@nordtrade.test");

  await tab.goto("/my-account/orders/");
  await tab.click({ role: "link", name: /^Visa order / });
  await tab.expectVisible({ role: "heading", name: /^Order / });
  await checkPage(tab, "order");

  await tab.goto("/my-account/company/");
  await tab.expectVisible({ role: "heading", name: /Nordtrade AB|Företagsinformation/ });
  await checkPage(tab, "company");
});
