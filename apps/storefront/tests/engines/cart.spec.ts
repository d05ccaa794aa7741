import { SEED_FIXTURES } from "@kassa/platform/testing";
import { test } from "./fixtures";
import { addToCart, cartLink, cartSettled, chooseCookies, ready } from "./shopper";

const { multiVariant, simple, soldOutSize, orderLimit } = SEED_FIXTURES;

test("browse a category, choose colour and size, and change the cart: quantity, size, remove", async ({
  tab,
}) => {
  await tab.goto("/sv-se");
  await chooseCookies(tab);
  await tab.expectVisible({ role: "heading", name: "Välkommen till Kassa" });

  // A category from the main menu, then a product from its grid.
  await tab.click({ role: "link", in: { role: "navigation", name: "Huvudmeny" } });
  await tab.expectVisible({ testId: "product-grid" });
  await tab.click({ role: "link", in: { testId: "product-grid" } });
  await tab.expectVisible({ role: "button", name: /Lägg i varukorgen|Slut i lager/ });

  // Colour and size: links that work with and without scripts.
  await tab.goto(`/sv-se/produkt/${multiVariant.slug}`);
  await ready(tab);
  await tab.click({ role: "link", name: /Skogsgrön/ });
  await tab.expectUrl(/color=/);
  await tab.click({ role: "link", name: /^L\b/, in: { role: "group", name: /Storlek/ } });
  await tab.expectUrl(/size=|variant=/);
  await addToCart(tab, 1, 1);

  // A second product with sizes, whose line changes size in the cart.
  await tab.goto(
    `/sv-se/produkt/${soldOutSize.slug}?variant=${soldOutSize.availableVariantIds[0]}`,
  );
  await addToCart(tab, 2, 3);

  await tab.click(cartLink);
  await tab.expectVisible({ role: "heading", name: "Varukorg" });
  await tab.expectText({ testId: "cart-lines" }, "Ulltröja Fjäll");

  // Quantity: plus, then minus, on the first line.
  await tab.click({ role: "button", name: /^Öka antal av Ulltröja Fjäll/ });
  await tab.expectText(cartLink, /\b4 varor/);
  await cartSettled(tab);
  await tab.click({ role: "button", name: /^Minska antal av Ulltröja Fjäll/ });
  await tab.expectText(cartLink, /\b3 varor/);
  await cartSettled(tab);

  // Size: L instead of S, the quantity kept; the sold-out M cannot be chosen.
  await tab.select({ role: "combobox", name: /^Storlek för Ulltröja Skärgård/ }, /^L /);
  await tab.click({ role: "button", name: /^Byt storlek på Ulltröja Skärgård/ });
  await tab.expectVisible({ text: /är nu i storlek L\./ });
  await tab.expectText({ role: "combobox", name: /^Storlek för Ulltröja Skärgård/ }, /^L /);
  await tab.expectText(cartLink, /\b3 varor/);
  await cartSettled(tab);

  // Remove: the line goes, the count follows.
  await tab.click({ role: "button", name: /^Ta bort Ulltröja Skärgård/ });
  await tab.expectText(cartLink, /\b1 vara\b/);
  await tab.expectGone({ text: "Ulltröja Skärgård", in: { testId: "cart-lines" } });
});

test("the order limit and a sold-out product are explained where the shopper meets them", async ({
  tab,
}) => {
  await tab.goto(`/sv-se/produkt/${orderLimit.slug}?variant=${orderLimit.variantIds[0]}`);
  await chooseCookies(tab);
  await tab.expectText(
    { testId: "order-limit-note" },
    `Högst ${orderLimit.orderLimit} st per beställning.`,
  );
  await addToCart(tab, orderLimit.orderLimit - 1, orderLimit.orderLimit - 1);
  await tab.goto(`/sv-se/produkt/${orderLimit.slug}?variant=${orderLimit.variantIds[1]}`);
  await ready(tab);
  await tab.fill({ label: "Antal" }, "2");
  await tab.click({ role: "button", name: "Lägg i varukorgen" });
  await tab.expectVisible({
    text: `Du kan köpa högst ${orderLimit.orderLimit} st av den här produkten per beställning.`,
  });
  await tab.expectText(cartLink, new RegExp(`\\b${orderLimit.orderLimit - 1} varor`));

  await tab.goto(
    `/sv-se/produkt/${SEED_FIXTURES.soldOut.slug}?variant=${SEED_FIXTURES.soldOut.soldOutVariantId}`,
  );
  await tab.expectVisible({ role: "button", name: "Slut i lager" });
  await tab.goto(`/sv-se/produkt/${simple.slug}`);
  await addToCart(tab, 1, orderLimit.orderLimit);
});
