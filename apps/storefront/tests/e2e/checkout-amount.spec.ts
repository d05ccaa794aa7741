import { cartWith, payInWidget, toCheckout } from "./checkout-support";
import { type BrowserContext, expect, test } from "./fixtures";
import { platformURL, submitAndSettle } from "./support";

/**
 * An order is placed only for what the provider charged (ADR 0030). The attack of issue 28 from
 * a shopper's browser: a gift card that covers the total is applied at the checkout (the payment
 * opens at 0 kr), the card is removed behind the page's back with the checkout token, and the
 * shopper pays the 0 kr the widget still shows. No order is placed; the confirmation page says
 * why, in the shopper's language, and trying again pays the order as it is now.
 */

const CARD = { code: "6000000000008000", pin: "1234" };

/** The checkout token the storefront keeps for this browser (an unsigned Remix cookie). */
async function checkoutTokenOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((entry) => entry.name === "checkoutToken");
  if (!cookie) throw new Error("no checkout token cookie");
  const encoded = decodeURIComponent(cookie.value);
  return JSON.parse(Buffer.from(encoded, "base64").toString("utf8")) as string;
}

test("paying less than the order places no order and says why", async ({
  page,
  context,
}, testInfo) => {
  const js = testInfo.project.name === "js-enabled";
  await cartWith(page);
  await toCheckout(page);
  await page.getByLabel("Presentkortsnummer").fill("6000 0000 0000 8000");
  await page.getByLabel("PIN-kod").fill(CARD.pin);
  await submitAndSettle(page, page.getByRole("button", { name: "Lägg till presentkort" }));
  await expect(page.getByTestId("summary-amount-to-pay")).toHaveText(/Kvar att betala\s*0\s*kr/);

  const removed = await fetch(`${platformURL}/shopper-retain24/gift-cards/${CARD.code}`, {
    method: "DELETE",
    headers: { authorization: `Bearer ${await checkoutTokenOf(context)}` },
  });
  expect(removed.status).toBe(204);

  await payInWidget(page, js);
  await expect(page).toHaveURL(/\/checkout\/confirmation\?provider=qliro/);
  await expect(page.getByRole("alert")).toContainText("Beställningen kunde inte behandlas");
  await expect(page.getByTestId("order-errors")).toHaveText(
    /Din beställning ändrades medan du betalade .* Ingen beställning lades/,
  );
  await expect(page.getByTestId("order-number")).toHaveCount(0);

  // Trying again starts the checkout anew (the saved card applied again) and pays it.
  await page.getByRole("link", { name: "Försök igen" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByTestId("checkout-gift-cards")).toContainText("8000");
  await payInWidget(page, js);
  await expect(page.getByRole("heading", { name: "Tack för din beställning!" })).toBeVisible();
  await expect(page.getByTestId("summary-gift-cards")).toBeVisible();
});
