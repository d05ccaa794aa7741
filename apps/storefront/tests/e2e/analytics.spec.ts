import { E2E_GTM_ID } from "../../playwright.config";
import { axeViolations } from "./accessibility";
import { dataLayer, TAG_HOST, watchTag } from "./analytics-support";
import { payInWidget, toCheckout } from "./checkout-support";
import { type BrowserContext, expect, type Page, test } from "./fixtures";
import { addToCart, SEED_FIXTURES } from "./support";

/**
 * Issue 30: the cookie banner (accept, reject, choose; the footer link reopens the choice), with
 * JavaScript on and off, axe-clean in sv, fi and en and usable by keyboard alone; Consent Mode and
 * the ecommerce events in `window.dataLayer` from a product view to a purchase; and no request to
 * Google's tag host before consent. The shop is configured with a GTM id (playwright.config.ts);
 * the tag's requests are answered here, so no test reaches the internet.
 */

interface PushedEvent {
  event: string;
  ecommerce?: {
    currency?: string;
    value?: number;
    transaction_id?: string;
    tax?: number;
    shipping?: number;
    payment_type?: string;
    items: { item_id: string; price: number; quantity: number }[];
  };
}

async function eventsNamed(page: Page, name: string): Promise<PushedEvent[]> {
  return (await dataLayer(page)).filter(
    (entry): entry is PushedEvent => (entry as PushedEvent | null)?.event === name,
  );
}

async function consentCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === "kassa_consent")?.value;
}

const today = () => new Date().toISOString().slice(0, 10).replaceAll("-", "");

/** "149 kr", "1 299,50 kr" as shown → 149, 1299.5. */
function shownAmount(text: string): number {
  return Number(text.replace(/[^\d,]/g, "").replace(",", "."));
}

const banner = (page: Page) => page.getByTestId("consent-banner");

test("the banner asks on a first visit; reject all is one step, and the page shows no banner after", async ({
  page,
  context,
}) => {
  const tag = await watchTag(context);
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  await expect(banner(page)).toBeVisible();
  await expect(banner(page).getByRole("heading", { name: "Cookies" })).toBeVisible();
  const accept = banner(page).getByRole("button", { name: "Godkänn alla" });
  const reject = banner(page).getByRole("button", { name: "Avvisa alla" });
  await expect(accept).toBeVisible();
  await expect(reject).toBeVisible();
  // As easy as accepting: the same kind of button, side by side, the same size.
  expect(await reject.getAttribute("class")).toBe(await accept.getAttribute("class"));

  await reject.click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/produkt/${SEED_FIXTURES.simple.slug}$`));
  await expect(page.getByText("Dina cookieval är sparade").first()).toBeVisible();
  expect(await consentCookie(context)).toBe(`1.0.0.${today()}`);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  expect(tag).toEqual([]);
});

test("accept all keeps every choice; choose keeps only what is ticked", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Godkänn alla" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toBe(`1.1.1.${today()}`);

  await context.clearCookies();
  await page.goto("/");
  // "Choose" opens the boxes in place (a <details>: with or without JavaScript).
  await banner(page).locator("summary", { hasText: "Välj själv" }).click();
  await expect(banner(page).getByLabel("Nödvändiga")).toBeChecked();
  await expect(banner(page).getByLabel("Nödvändiga")).toBeDisabled();
  await banner(page).getByLabel("Statistik").check();
  await banner(page).getByRole("button", { name: "Spara val" }).click();
  await expect(banner(page)).toHaveCount(0);
  expect(await consentCookie(context)).toBe(`1.1.0.${today()}`);
});

test("the footer's cookie settings reopen the choice and bring the shopper back", async ({
  page,
  context,
}) => {
  const category = `/kategori/${SEED_FIXTURES.simple.categoryUri}`;
  await page.goto(category);
  await banner(page).getByRole("button", { name: "Avvisa alla" }).click();
  await expect(banner(page)).toHaveCount(0);

  await page.getByRole("link", { name: "Cookieinställningar" }).click();
  await expect(page).toHaveURL(/\/consent\?redirectTo=/);
  await expect(page.getByRole("heading", { name: "Cookieinställningar", level: 1 })).toBeVisible();
  await expect(page.getByTestId("consent-date")).toBeVisible();
  // The page shows the choice as it stands, and no banner over it.
  await expect(page.getByLabel("Statistik")).not.toBeChecked();
  await expect(banner(page)).toHaveCount(0);
  await page.getByLabel("Marknadsföring").check();
  await page.getByRole("button", { name: "Spara val" }).click();
  await expect(page).toHaveURL(new RegExp(`${category}$`));
  expect(await consentCookie(context)).toBe(`1.0.1.${today()}`);
});

test("a choice made for an older consent version asks again", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "kassa_consent", value: "0.1.1.20250101", url: baseURL }]);
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
});

test("on a 390 px phone the banner leaves the page readable and usable above it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  const sheet = await banner(page).boundingBox();
  expect(sheet).not.toBeNull();
  // A bottom sheet of limited height, not a full-screen modal.
  expect(sheet?.height ?? 844).toBeLessThanOrEqual(844 * 0.45 + 1);
  expect((sheet?.y ?? 0) + (sheet?.height ?? 0)).toBeLessThanOrEqual(845);
  // The page starts above it, and any part of the page scrolled to the middle of the screen is
  // seen, not covered: the product's name is found there by the point under it.
  const main = await page.locator("main").boundingBox();
  expect(main?.y ?? 844).toBeLessThan(sheet?.y ?? 0);
  const heading = page.getByRole("heading", { level: 1 });
  await heading.evaluate((element) => element.scrollIntoView({ block: "center" }));
  expect(
    await heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const found = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return found !== null && element.contains(found);
    }),
  ).toBe(true);
  // The page under it still works: the product's own button is reached and pressed.
  await addToCart(page, 1);
  await expect(page.getByText(/har lagts i varukorgen|lagts i varukorgen/).first()).toBeVisible();
});

test.describe("with JavaScript", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe, the data layer and the tag run as scripts in the page");
  });

  for (const [language, accept, reject] of [
    ["sv", "Godkänn alla", "Avvisa alla"],
    ["fi", "Hyväksy kaikki", "Hylkää kaikki"],
    ["en", "Accept all", "Reject all"],
  ] as const) {
    test(`the banner is axe-clean in ${language}, closed and open`, async ({ page }) => {
      await page.goto(`/?lng=${language}`);
      await expect(banner(page).getByRole("button", { name: accept })).toBeVisible();
      await expect(banner(page).getByRole("button", { name: reject })).toBeVisible();
      expect(await axeViolations(page, { include: '[data-testid="consent-banner"]' })).toEqual([]);
      await banner(page).locator("summary").click();
      expect(await axeViolations(page, { include: '[data-testid="consent-banner"]' })).toEqual([]);
      await page.goto(`/consent?lng=${language}`);
      expect(await axeViolations(page, { include: "main" })).toEqual([]);
    });
  }

  test("the banner is used by keyboard alone, after the page and before nothing else", async ({
    page,
    context,
  }) => {
    await page.goto("/");
    // Tab goes through the page as always, then reaches the banner (it comes last).
    const reject = banner(page).getByRole("button", { name: "Avvisa alla" });
    let reached = false;
    for (let presses = 0; presses < 200 && !reached; presses++) {
      await page.keyboard.press("Tab");
      reached = await reject.evaluate((element) => element === document.activeElement);
    }
    expect(reached).toBe(true);
    // Choose, by keyboard: open the boxes, tick statistics, save.
    await page.keyboard.press("Tab");
    await expect(banner(page).locator("summary")).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab"); // Necessary is disabled: the first box reached is statistics.
    await expect(banner(page).getByLabel("Statistik")).toBeFocused();
    await page.keyboard.press("Space");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(banner(page).getByRole("button", { name: "Spara val" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toHaveCount(0);
    expect(await consentCookie(context)).toBe(`1.1.0.${today()}`);
  });

  test("consent default comes first, all denied; no tag loads without consent to statistics", async ({
    page,
    context,
  }) => {
    const tag = await watchTag(context);
    await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(async () => (await eventsNamed(page, "view_item")).length).toBe(1);
    const [first] = await dataLayer(page);
    expect(first).toEqual([
      "consent",
      "default",
      {
        analytics_storage: "denied",
        ad_storage: "denied",
        ad_user_data: "denied",
        ad_personalization: "denied",
      },
    ]);
    // Marketing alone is no consent to statistics: still no tag.
    await banner(page).locator("summary").click();
    await banner(page).getByLabel("Marknadsföring").check();
    await banner(page).getByRole("button", { name: "Spara val" }).click();
    await expect(banner(page)).toHaveCount(0);
    await expect
      .poll(async () => JSON.stringify(await dataLayer(page)))
      .toContain('["consent","update",{"analytics_storage":"denied","ad_storage":"granted"');
    await page.goto("/");
    await page.goto(`/kategori/${SEED_FIXTURES.simple.categoryUri}`);
    await expect(page.getByTestId("product-grid")).toBeVisible();
    expect(tag).toEqual([]);
    expect(await page.evaluate(() => Reflect.get(window, "__kassaTagLoaded"))).toBeUndefined();
  });

  test("events follow a shopper from a product view to a purchase, with consent given", async ({
    page,
    context,
  }) => {
    const tag = await watchTag(context);
    const { slug, variantId } = SEED_FIXTURES.simple;
    await page.goto(`/kategori/${SEED_FIXTURES.simple.categoryUri}`);
    await expect.poll(async () => (await eventsNamed(page, "view_item_list")).length).toBe(1);
    await banner(page).getByRole("button", { name: "Godkänn alla" }).click();
    await expect(banner(page)).toHaveCount(0);
    // The choice is pushed as it is made, and the tag loads at once.
    await expect
      .poll(async () => JSON.stringify(await dataLayer(page)))
      .toContain('["consent","update",{"analytics_storage":"granted"');
    await expect.poll(() => tag.length).toBe(1);
    expect(tag[0]).toBe(`${TAG_HOST}/gtm.js?id=${E2E_GTM_ID}`);

    // select_item, then view_item for the variant at its price in major units (C§9).
    await page.locator(`a[href$="/produkt/${slug}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`/produkt/${slug}`));
    const [selected] = await eventsNamed(page, "select_item");
    expect(selected?.ecommerce?.items[0]?.item_id).toBe(variantId);
    await expect.poll(async () => (await eventsNamed(page, "view_item")).length).toBe(1);
    const shownPrice = shownAmount((await page.getByTestId("product-price").textContent()) ?? "");
    const [viewed] = await eventsNamed(page, "view_item");
    expect(viewed?.ecommerce).toMatchObject({
      currency: "SEK",
      value: shownPrice,
      items: [{ item_id: variantId, price: shownPrice, quantity: 1 }],
    });

    await addToCart(page, 2);
    await expect.poll(async () => (await eventsNamed(page, "add_to_cart")).length).toBe(1);
    const [added] = await eventsNamed(page, "add_to_cart");
    expect(added?.ecommerce).toMatchObject({
      currency: "SEK",
      items: [{ item_id: variantId, quantity: 2, price: shownPrice }],
    });
    expect(added?.ecommerce?.value).toBeCloseTo(shownPrice * 2, 2);

    await page.goto("/cart");
    await expect.poll(async () => (await eventsNamed(page, "view_cart")).length).toBe(1);
    const [cart] = await eventsNamed(page, "view_cart");
    expect(cart?.ecommerce?.items).toEqual([
      expect.objectContaining({ item_id: variantId, quantity: 2, price: shownPrice }),
    ]);

    await toCheckout(page);
    await expect.poll(async () => (await eventsNamed(page, "begin_checkout")).length).toBe(1);
    const [payment] = await eventsNamed(page, "add_payment_info");
    expect(payment?.ecommerce?.payment_type).toBeTruthy();

    await payInWidget(page, true);
    await expect(page).toHaveURL(/\/checkout\/confirmation/);
    const orderNumber = (await page.getByTestId("order-number").textContent()) ?? "";
    await expect.poll(async () => (await eventsNamed(page, "purchase")).length).toBe(1);
    const [purchase] = await eventsNamed(page, "purchase");
    expect(purchase?.ecommerce).toMatchObject({
      transaction_id: orderNumber,
      currency: "SEK",
      items: [expect.objectContaining({ item_id: variantId, quantity: 2, price: shownPrice })],
    });
    // The confirmed total: lines and shipping, in kronor (not öre).
    const total = purchase?.ecommerce?.value ?? 0;
    expect(total).toBeCloseTo(shownPrice * 2 + (purchase?.ecommerce?.shipping ?? 0), 2);
    expect(total).toBeLessThan(shownPrice * 2 * 10);

    // A reload shows the same order and pushes no second purchase.
    await page.reload();
    await expect(page.getByTestId("order-number")).toHaveText(orderNumber);
    await page.waitForLoadState("networkidle");
    expect(await eventsNamed(page, "purchase")).toEqual([]);
  });

  test("an add to the cart made as a plain form post is pushed on the next page", async ({
    page,
  }) => {
    const { slug, variantId } = SEED_FIXTURES.simple;
    await page.goto(`/produkt/${slug}`);
    // The form as a browser without scripts posts it; the next page to load has scripts.
    const here = new URL(page.url());
    const posted = await page.request.post(here.pathname, {
      form: { intent: "add", productVariantId: variantId, quantity: "1" },
      headers: { Origin: here.origin },
      maxRedirects: 0,
    });
    expect(posted.status()).toBe(303);
    await page.goto("/cart");
    await expect.poll(async () => (await eventsNamed(page, "add_to_cart")).length).toBe(1);
    const [added] = await eventsNamed(page, "add_to_cart");
    expect(added?.ecommerce?.items[0]).toMatchObject({ item_id: variantId, quantity: 1 });
    // Pushed once: the next page has nothing left to push.
    await page.goto("/");
    expect(await eventsNamed(page, "add_to_cart")).toEqual([]);
  });
});
