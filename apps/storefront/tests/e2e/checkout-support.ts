import { expect, type Page } from "@playwright/test";
import { addToCart, platformURL, SEED_FIXTURES, submitAndSettle } from "./support";

/** A product and how many, put in the cart through its product page. */
export async function cartWith(page: Page, slug: string = SEED_FIXTURES.simple.slug, quantity = 1) {
  await page.goto(`/produkt/${slug}`);
  await addToCart(page, quantity);
}

/** From the cart to the checkout, by the cart's own button. */
export async function toCheckout(page: Page) {
  await page.goto("/cart");
  await page.getByTestId("to-checkout").click();
  await expect(page).toHaveURL(/\/checkout$/);
}

/**
 * The payment provider's widget: inside the iframe the snippet made (JavaScript on), or the
 * provider's own page the checkout links to (JavaScript off). Answers where to fill in the form.
 */
export async function openWidget(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    // Ready once the widget's script has run and told the page its height: until then the frame
    // may still grow, and a click aimed at a button near its end can land beside it.
    await expect(page.getByTestId("payment-provider").locator("iframe")).toHaveAttribute(
      "style",
      /(^|;\s*)height: \d+px/,
    );
    return page.getByTestId("payment-provider").frameLocator("iframe");
  }
  await page
    .getByRole("link", { name: /Fortsätt till betalning|Jatka maksamaan|Continue to payment/ })
    .click();
  return page.locator("body");
}

/** Pays in the sandbox widget with the given test outcome and field changes. */
export async function payInWidget(
  page: Page,
  javaScriptEnabled: boolean,
  options: { outcome?: "approve" | "decline"; fields?: Record<string, string> } = {},
) {
  const widget = await openWidget(page, javaScriptEnabled);
  for (const [label, value] of Object.entries(options.fields ?? {})) {
    await widget.getByLabel(label, { exact: true }).fill(value);
  }
  if (options.outcome === "decline") {
    await widget
      .getByRole("button", {
        name: /Testa en nekad betalning|Kokeile hylättyä maksua|Try a declined payment/,
      })
      .click();
    return;
  }
  await widget.getByRole("button", { name: /^(Betala|Maksa|Pay) / }).click();
}

/** Sets a variant's stock in a market on the test platform (`/dev/stocks`). */
export async function setStock(
  variantId: string,
  countryCode: string,
  stockQuantity: number,
  base = platformURL,
) {
  const response = await fetch(`${base}/dev/stocks/${variantId}/${countryCode}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ stockQuantity }),
  });
  expect(response.status).toBe(200);
}

export { submitAndSettle };
