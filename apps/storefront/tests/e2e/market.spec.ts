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

test("every market and language has its own URL, which needs no cookie (ADR 0037)", async ({
  page,
  context,
}) => {
  const { slug } = SEED_FIXTURES.simple;
  // A visitor with no cookie at all (a crawler, a shared link) opens the Finnish product page.
  await context.clearCookies();
  const answer = await page.goto(`/fi-fi/tuote/${slug}`);
  expect(answer?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/fi-fi/tuote/${slug}$`));
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await expect(page.getByTestId("product-price")).toContainText("€");

  // Canonical and one alternate per locale, absolute, plus x-default.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    new RegExp(`^https?://[^/]+/fi-fi/tuote/${slug}$`),
  );
  const alternates = page.locator('link[rel="alternate"][hreflang]');
  await expect(alternates).toHaveCount(7);
  await expect(page.locator('link[rel="alternate"][hreflang="sv-SE"]')).toHaveAttribute(
    "href",
    new RegExp(`/sv-se/produkt/${slug}$`),
  );
  await expect(page.locator('link[rel="alternate"][hreflang="en-FI"]')).toHaveAttribute(
    "href",
    new RegExp(`/en-fi/tuote/${slug}$`),
  );
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    "href",
    /^https?:\/\/[^/]+\/$/,
  );

  // Finland's categories under its own prefix; Sweden's prefix there leads to it.
  await page.goto(`/fi-fi/kategoria/${SEED_FIXTURES.simple.categoryUri}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await expect(page.getByTestId("product-grid")).toContainText("€");
  await page.goto(`/fi-fi/kategori/${SEED_FIXTURES.simple.categoryUri}`);
  await expect(page).toHaveURL(new RegExp(`/fi-fi/kategoria/${SEED_FIXTURES.simple.categoryUri}$`));

  // The same product in Sweden and in English: its own prices and language.
  await page.goto(`/en-se/produkt/${slug}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByTestId("product-price")).toContainText("kr");

  // An address from before: answered with the page's new URL.
  await context.clearCookies();
  const old = await page.request.get(`/tuote/${slug}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/fi-fi/tuote/${slug}`);
  const home = await page.request.get("/", {
    maxRedirects: 0,
    headers: { "Accept-Language": "fi-FI,fi;q=0.9" },
  });
  expect(home.status()).toBe(302);
  expect(home.headers().location).toBe("/fi-fi");
});

test("buying on another market's page moves the cart there, and the cart follows", async ({
  page,
}) => {
  const { slug } = SEED_FIXTURES.simple;
  await page.goto(`/sv-se/produkt/${slug}`);
  await addToCart(page, 1);
  await expect(cartLink(page)).toHaveText(/Varukorg, 1 vara/);

  await page.goto(`/fi-fi/tuote/${slug}`);
  await addToCart(page, 1);
  await expect(cartLink(page)).toHaveText(/Ostoskori, 2 tuotetta/);
  await cartLink(page).click();
  await expect(page.getByRole("heading", { name: "Ostoskori", level: 1 })).toBeVisible();
  await expect(page.getByTestId("summary-grand-total")).toContainText("€");
});

test("a visitor without cookies who follows the header from /fi-fi stays in Finnish and in euros", async ({
  page,
}) => {
  const { slug } = SEED_FIXTURES.simple;
  await page.goto("/fi-fi");
  await page
    .getByRole("banner")
    .getByRole("link", { name: "Kirjaudu sisään" })
    .filter({ visible: true })
    .click();
  // The link carried the locale; the login page remembered it and answers at its own address.
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "fi");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kirjaudu sisään");

  // The empty cart too, and a product opened from there is in Finland.
  await cartLink(page).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("heading", { name: "Ostoskori", level: 1 })).toBeVisible();
  await page.goto(`/fi-fi/tuote/${slug}`);
  await addToCart(page, 1);
  await cartLink(page).click();
  await expect(page.getByTestId("summary-grand-total")).toContainText("€");
});

test("a remembered market stays when a link from another market's page is followed", async ({
  page,
}) => {
  const { slug } = SEED_FIXTURES.simple;
  await page.goto(`/sv-se/produkt/${slug}`);
  await addToCart(page, 1);
  await page.goto("/fi-fi");
  await cartLink(page).click();
  // The page's language, and the cart where it is: in Sweden, in kronor, until the shopper moves it.
  await expect(page.getByRole("heading", { name: "Ostoskori", level: 1 })).toBeVisible();
  await expect(page.getByTestId("summary-grand-total")).toContainText("kr");
});
