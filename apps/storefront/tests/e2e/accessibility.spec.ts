import { baseURL } from "../../playwright.config";
import { axeViolations } from "./accessibility";
import { cartWith, payInWidget, toCheckout } from "./checkout-support";
import { expect, type Page, test } from "./fixtures";
import { addToCart, logInByPost, SEED_FIXTURES, simpleSku, withCookieChoiceMade } from "./support";

/**
 * Every route of the shop passes axe (WCAG 2.2 AA) in Swedish, Finnish and English, at a
 * desktop's 1280 px and a phone's 390 px, header and footer included, so no later change to a
 * shared part can break a page nobody looked at. Flows test their own states (errors, dialogs);
 * this is each page as it first opens.
 */

const LANGUAGES = ["sv", "fi", "en"] as const;
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

interface RouteCheck {
  name: string;
  path: string;
  /** Parts that are not the shop's own markup. */
  exclude?: string[];
  /** What the page needs first (a cart line for the cart and checkout). */
  prepare?: (page: Page) => Promise<void>;
}

async function fillCart(page: Page) {
  await page.goto(`/produkt/${SEED_FIXTURES.simple.slug}`);
  await addToCart(page, 1);
}

/** A line with a size choice too (C§4), so the cart's size select is judged. */
async function fillCartWithSizes(page: Page) {
  await fillCart(page);
  const [small] = SEED_FIXTURES.soldOutSize.availableVariantIds;
  await page.goto(`/produkt/${SEED_FIXTURES.soldOutSize.slug}?variant=${small}`);
  await addToCart(page, 1);
}

/** A guest's paid order: its confirmation then offers the signup from the order (issue 32). */
async function placeGuestOrder(page: Page) {
  await cartWith(page);
  await toCheckout(page);
  await payInWidget(page, true);
  await expect(page.getByTestId("order-signup")).toBeVisible();
}

const SHOPPER_ROUTES: RouteCheck[] = [
  { name: "home", path: "/" },
  { name: "category", path: `/kategori/${SEED_FIXTURES.simple.categoryUri}` },
  { name: "product", path: `/produkt/${SEED_FIXTURES.multiVariant.slug}` },
  { name: "empty cart", path: "/cart" },
  { name: "cart", path: "/cart", prepare: fillCartWithSizes },
  {
    name: "checkout",
    path: "/checkout",
    prepare: fillCart,
    // The provider's widget is another site's page in a frame.
    exclude: ['[data-testid="payment-provider"]'],
  },
  {
    name: "order confirmation with the signup form",
    path: "/checkout/confirmation?provider=qliro",
    prepare: placeGuestOrder,
  },
  { name: "search results", path: "/search?q=tröja" },
  { name: "search without results", path: "/search?q=xqzwv" },
  { name: "favourites", path: "/favorites" },
  { name: "compare", path: "/compare" },
  { name: "gift cards", path: "/presentkort" },
  { name: "login", path: "/login" },
  { name: "signup", path: "/signup" },
  { name: "password reset", path: "/reset-password" },
  { name: "newsletter", path: "/newsletter" },
  { name: "terms of purchase", path: "/kopvillkor" },
  { name: "privacy policy", path: "/integritetspolicy" },
  { name: "page not found", path: "/finns-inte-har" },
];

const ACCOUNT_ROUTES: RouteCheck[] = [
  { name: "my account", path: "/my-account/overview/" },
  { name: "orders", path: "/my-account/orders/" },
  { name: "credentials", path: "/my-account/credentials/" },
  { name: "company", path: "/my-account/company/" },
  { name: "company users", path: "/my-account/company/?tab=users" },
  { name: "print files", path: "/my-account/company/?tab=media" },
  { name: "quick order", path: "/my-account/quick-order/" },
];

function withLanguage(path: string, language: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}lng=${language}`;
}

async function expectAccessibleAtEveryWidth(page: Page, route: RouteCheck, language: string) {
  // Each page as a returning shopper sees it: the cookie banner of a first visit sits over the
  // page's lower edge, and whichever footer link it happens to overlap there would be judged by
  // where its edge falls (axe's target-size). The banner is checked on its own in
  // analytics.spec.ts, in every language (ADR 0038).
  await withCookieChoiceMade(page, baseURL);
  await route.prepare?.(page);
  await page.goto(withLanguage(route.path, language));
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  const found: Record<string, unknown> = {};
  // One load, both widths: the layout answers the viewport by CSS alone.
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    const violations = await axeViolations(page, { exclude: route.exclude });
    if (violations.length > 0) found[`${size.width}px`] = violations;
  }
  expect(found).toEqual({});
}

test.describe("every page passes axe", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "axe runs as a script in the page; the server renders the same markup without JavaScript",
  );

  for (const language of LANGUAGES) {
    for (const route of SHOPPER_ROUTES) {
      test(`${route.name} in ${language}`, async ({ page }) => {
        await expectAccessibleAtEveryWidth(page, route, language);
      });
    }
  }

  test.describe("logged in as a company admin", () => {
    for (const language of LANGUAGES) {
      test(`the account pages and an order in ${language}`, async ({ page }) => {
        test.setTimeout(150_000);
        await logInByPost(page, "admin@nordtrade.test");
        for (const route of ACCOUNT_ROUTES) {
          await test.step(route.name, () => expectAccessibleAtEveryWidth(page, route, language));
        }
        // Quick order with checked lines: one that can be added, and messages for the others.
        const lines = `${await simpleSku()}, 2\nNO-SUCH-ARTICLE\nX, 1.5`;
        await test.step("quick order", () =>
          expectAccessibleAtEveryWidth(
            page,
            {
              name: "quick order",
              path: `/my-account/quick-order/?${new URLSearchParams({ lines })}`,
            },
            language,
          ));
        await page.setViewportSize(WIDTHS[0]);
        await page.goto(withLanguage("/my-account/orders/", language));
        const firstOrder = page.getByTestId("order-row").first().getByRole("link").first();
        const orderPath = new URL((await firstOrder.getAttribute("href")) ?? "", page.url());
        await test.step("an order", () =>
          expectAccessibleAtEveryWidth(
            page,
            { name: "order", path: orderPath.pathname },
            language,
          ));
      });
    }
  });
});
