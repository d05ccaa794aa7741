import { altBaseURL } from "../../playwright.config";
import { axeViolations } from "./accessibility";
import { cartWith, payInWidget, setStock, toCheckout } from "./checkout-support";
import { expect, type Page, test } from "./fixtures";
import { cartLink, chooseMarket, logInByPost, SEED_FIXTURES, submitAndSettle } from "./support";

/** axe runs in the page, so only with JavaScript; the markup is the same without. */
async function expectAccessible(page: Page, js: boolean) {
  if (!js) return;
  // The provider's widget is another site's page in a frame: axe checks the shop's page.
  const found = await axeViolations(page, {
    include: "main",
    exclude: ['[data-testid="payment-provider"]'],
  });
  expect(found).toEqual([]);
}

test("a consumer in Sweden buys with Qliro One and sees the order", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await cartWith(page, SEED_FIXTURES.simple.slug, 2);
  await toCheckout(page);
  await expect(page.getByRole("heading", { name: "Kassa", level: 1 })).toBeVisible();
  await expect(page.getByTestId("checkout-lines")).toContainText("2 × Emaljmugg Koli");
  await expectAccessible(page, js);

  await payInWidget(page, js);
  await expect(page).toHaveURL(/\/checkout\/confirmation\?provider=qliro/);
  await expect(page.getByRole("heading", { name: "Tack för din beställning!" })).toBeVisible();
  await expect(page.getByTestId("order-number")).toHaveText(/^\d{6}$/);
  await expect(page.getByTestId("order-lines")).toContainText("Emaljmugg Koli");
  await expect(page.getByTestId("order-payment")).toHaveText("Betalt med Qliro");
  await expect(cartLink(page)).toHaveText(/Varukorg, 0 varor/);
  await expectAccessible(page, js);

  // A reload shows the same order again; nothing is placed twice.
  const number = await page.getByTestId("order-number").textContent();
  await page.reload();
  await expect(page.getByTestId("order-number")).toHaveText(number ?? "");
});

test("a discount code and a gift card lower what is left to pay", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await cartWith(page, SEED_FIXTURES.simple.slug, 3);
  await page.goto("/cart");
  await page.getByLabel("Rabattkod", { exact: true }).fill("VALKOMMEN10");
  await submitAndSettle(page, page.getByRole("button", { name: "Använd" }));
  await expect(page.getByTestId("summary-discount")).toBeVisible();

  await toCheckout(page);
  await page.getByLabel("Presentkortsnummer").fill("6000 0000 0000 8000");
  await page.getByLabel("PIN-kod").fill("1234");
  await submitAndSettle(page, page.getByRole("button", { name: "Lägg till presentkort" }));
  await expect(page.getByTestId("checkout-gift-cards")).toContainText("8000");
  await expect(page.getByTestId("summary-amount-to-pay")).toHaveText(/Kvar att betala\s*0\s*kr/);

  await payInWidget(page, js);
  await expect(page.getByRole("heading", { name: "Tack för din beställning!" })).toBeVisible();
  await expect(page.getByTestId("summary-gift-cards")).toBeVisible();
  await expect(page.getByTestId("summary-discount")).toBeVisible();
});

test("a declined payment stays in the widget to try again", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await cartWith(page);
  await toCheckout(page);
  await payInWidget(page, js, { outcome: "decline" });
  const widget = js
    ? page.getByTestId("payment-provider").frameLocator("iframe")
    : page.locator("body");
  await expect(widget.getByRole("alert")).toHaveText(/Betalningen nekades/);
  // Still on the shop's checkout: the decline stayed in the widget.
  if (js) await expect(page).toHaveURL(/\/checkout$/);
  await widget.getByRole("button", { name: /^Betala / }).click();
  await expect(page.getByRole("heading", { name: "Tack för din beställning!" })).toBeVisible();
});

test("fields the provider refuses show the order error card", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await cartWith(page);
  await toCheckout(page);
  await payInWidget(page, js, { fields: { Efternamn: "", "Land (ISO-kod, t.ex. SE)": "Sverige" } });
  await expect(page.getByText("Beställningen kunde inte behandlas")).toBeVisible();
  const errors = page.getByTestId("order-errors");
  await expect(errors).toContainText("Efternamn måste fyllas i.");
  await expect(errors).toContainText("Landet måste anges som en landskod");
  // C§2's reference number: the id of the request that read the refusal (ADR 0040).
  await expect(page.getByRole("alert")).toContainText(/Referensnummer: [0-9a-f-]{36}/);
  await expectAccessible(page, js);
  // Trying again starts a new checkout of the same cart.
  await page.getByRole("link", { name: "Försök igen" }).click();
  await expect(page.getByTestId("checkout-lines")).toContainText("Emaljmugg Koli");
});

test("a line sold out before checkout is removed with a message naming it", async ({
  page,
}, testInfo) => {
  // Each project sells out a product of its own: the two run at the same time on one platform.
  const [slug, name, variantId] =
    testInfo.project.name === "js-enabled"
      ? ["ljuslykta-torne", "Ljuslykta Torne", "pv-1042-01"]
      : ["skarbrada-ystad", "Skärbräda Ystad", "pv-1044-01"];
  await cartWith(page, slug);
  await cartWith(page);
  await setStock(variantId, "SE", 0);
  try {
    await page.goto("/cart");
    await page.getByTestId("to-checkout").click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(
      page.getByText(new RegExp(`har tagits bort ur varukorgen: ${name}`)).first(),
    ).toBeVisible();
    await expect(page.getByTestId("cart-lines")).not.toContainText(name);
  } finally {
    await setStock(variantId, "SE", 40);
  }
});

test("a shopper in Finland buys with Avarda, in Finnish", async ({ page }, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await page.goto("/");
  await chooseMarket(page, "Finland");
  await page.goto(`/tuote/${SEED_FIXTURES.simple.slug}`);
  await page.getByLabel("Määrä").fill("1");
  await submitAndSettle(page, page.getByRole("button", { name: "Lisää ostoskoriin" }));
  await page.goto("/cart");
  await page.getByTestId("to-checkout").click();
  await expect(page.getByRole("heading", { name: "Kassa", level: 1 })).toBeVisible();
  await expectAccessible(page, js);
  await payInWidget(page, js);
  await expect(page).toHaveURL(/provider=avarda/);
  await expect(page.getByRole("heading", { name: "Kiitos tilauksestasi!" })).toBeVisible();
  await expect(page.getByTestId("order-payment")).toHaveText("Maksettu palvelulla Avarda");
});

test("a company buyer pays with Walley, the company preset in the widget", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await logInByPost(page, "inkopare@nordtrade.test");
  await cartWith(page);
  await toCheckout(page);
  const widget = js ? page.getByTestId("payment-provider").frameLocator("iframe") : undefined;
  if (widget) await expect(widget.getByLabel("Företag")).not.toHaveValue("");
  await payInWidget(page, js);
  await expect(page).toHaveURL(/provider=walley/);
  await expect(page.getByRole("heading", { name: "Tack för din beställning!" })).toBeVisible();
  await expect(page.getByTestId("order-payment")).toHaveText("Betalt med Walley");
});

test.describe("the shop configured with Klarna (SE) and Adyen (FI)", () => {
  test.use({ baseURL: altBaseURL });

  test("a consumer in Sweden buys with Klarna, in English", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js-enabled";
    await cartWith(page);
    await page.goto("/cart?lng=en");
    await page.getByTestId("to-checkout").click();
    await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
    await expectAccessible(page, js);
    await payInWidget(page, js);
    await expect(page).toHaveURL(/provider=klarna/);
    await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
    await expect(page.getByTestId("order-payment")).toHaveText("Paid with Klarna");
  });

  test("a shopper in Finland buys with Adyen", async ({ page }, testInfo) => {
    const js = testInfo.project.name === "js-enabled";
    await page.goto("/");
    await chooseMarket(page, "Finland");
    await page.goto(`/tuote/${SEED_FIXTURES.simple.slug}`);
    await page.getByLabel("Määrä").fill("1");
    await submitAndSettle(page, page.getByRole("button", { name: "Lisää ostoskoriin" }));
    await page.goto("/cart");
    await page.getByTestId("to-checkout").click();
    await payInWidget(page, js);
    await expect(page).toHaveURL(/provider=adyen/);
    await expect(page.getByRole("heading", { name: "Kiitos tilauksestasi!" })).toBeVisible();
    await expect(page.getByTestId("order-payment")).toHaveText("Maksettu palvelulla Adyen");
  });
});
