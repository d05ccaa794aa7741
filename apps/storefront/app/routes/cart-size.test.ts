import { SEED_FIXTURES } from "@kassa/platform/testing";
import { describe, expect, it } from "vitest";
import { readCartToken } from "~/modules/cart/cart.server";
import { checkoutTokenCookie } from "~/modules/cart/checkout-token.server";
import { shopperClient } from "~/modules/http/clients.server";
import type { RootData } from "~/root-data";
import { addFromProductPage, Browser, settle } from "~/test-support/browser";
import { withPlatform } from "~/test-support/platform";

/**
 * Changing a cart line's size on the cart page (C§3, C§4) against a real platform: the line keeps
 * its quantity and child lines, the checkout token is cleared, and a refused size changes nothing.
 */
withPlatform();

const { soldOutSize, withChildItem, simple } = SEED_FIXTURES;
const [small, large] = soldOutSize.availableVariantIds;

async function cartPage(browser: Browser) {
  const cart = await import("./cart");
  return (await cart.loader({ request: browser.request("/cart"), params: {}, context: {} })).data;
}

async function post(browser: Browser, fields: Record<string, string>) {
  const cart = await import("./cart");
  const answer = (await settle(() =>
    cart.action({ request: browser.form("/cart", fields), params: {}, context: {} }),
  )) as Response;
  expect(answer).toBeInstanceOf(Response);
  expect(answer.status).toBe(303);
  expect(answer.headers.get("Location")).toBe("/cart");
  browser.keep(answer);
  return answer;
}

/** The toast the next page shows; like a browser, it is then gone. */
async function toastOf(browser: Browser) {
  return (await layoutOf(browser)).toast;
}

/** The layout's toast and the analytics events the last post left, read once (as a page would). */
async function layoutOf(browser: Browser) {
  const root = await import("../root");
  const layout = (await root.loader({
    request: browser.request("/"),
    params: {},
    context: {},
  })) as unknown as {
    data: Pick<RootData, "toast" | "analytics">;
    init: { headers: Headers };
  };
  browser.keep(new Response(null, { headers: layout.init.headers }));
  return layout.data;
}

/**
 * A shopper with two of the navy S sweater (a gift box as its child line) and a mug, and a
 * checkout started earlier (its token cookie).
 */
async function shopperWithSizedLine() {
  const browser = new Browser();
  await addFromProductPage(browser, soldOutSize.slug, small, 2);
  await addFromProductPage(browser, simple.slug, simple.variantId, 1);
  await toastOf(browser);
  const token = await readCartToken(browser.request("/cart"));
  const { cart } = await shopperClient(token).getSession();
  const line = cart.items.find((item) => item.productVariantId === small);
  if (!line) throw new Error("no sized line");
  await shopperClient(token).addItem({
    productVariantId: withChildItem.childVariantId,
    quantity: 2,
    options: { parentItem: line.id },
  });
  browser.keep(
    new Response(null, { headers: { "Set-Cookie": await checkoutTokenCookie("checkout-1") } }),
  );
  expect(browser.cookieHeader()).toMatch(/(^|; )checkoutToken=/);
  return { browser, line };
}

const lineSummary = (cart: Awaited<ReturnType<typeof cartPage>>["cart"]) =>
  cart?.items.map((item) => [item.id, item.productVariantId, item.quantity, item.options]);

describe("the sizes a line offers", () => {
  it("lists the sizes of the line's colour with their stock, the sold-out one marked", async () => {
    const { browser, line } = await shopperWithSizedLine();
    const page = await cartPage(browser);
    const sizes = page.sizeOptions[line.id] ?? [];
    expect(sizes.map((option) => option.variantId)).toEqual(
      expect.arrayContaining([small, soldOutSize.soldOutVariantId, large]),
    );
    expect(sizes.find((option) => option.variantId === small)).toMatchObject({ current: true });
    expect(sizes.find((option) => option.variantId === soldOutSize.soldOutVariantId)).toMatchObject(
      { size: soldOutSize.soldOutSize, availableQuantity: 0, unavailable: true },
    );
    expect(sizes.find((option) => option.variantId === large)).toMatchObject({
      size: "L",
      unavailable: false,
    });
    // Lines without sizes, and child lines, offer none.
    expect(Object.keys(page.sizeOptions)).toEqual([line.id]);
  });
});

describe("changing a line's size", () => {
  it("keeps the line's quantity, place and child lines, and clears the checkout token", async () => {
    const { browser, line } = await shopperWithSizedLine();
    const before = (await cartPage(browser)).cart;

    const answer = await post(browser, {
      intent: "change-size",
      itemId: line.id,
      productVariantId: large,
      redirectTo: "/cart",
    });
    expect(answer.headers.getSetCookie().join("\n")).toMatch(/checkoutToken=;.*Max-Age=0/i);
    expect(browser.cookieHeader()).not.toMatch(/(^|; )checkoutToken=/);
    const layout = await layoutOf(browser);
    expect(layout.toast?.title).toBe(`${line.customAttributes.parentName} är nu i storlek L.`);
    // Analytics counts a variant change as the old size out and the new one in (ADR 0038).
    expect(layout.analytics.events.map(({ event }) => event)).toMatchObject([
      { event: "remove_from_cart", ecommerce: { items: [{ item_id: small, quantity: 2 }] } },
      { event: "add_to_cart", ecommerce: { items: [{ item_id: large, quantity: 2 }] } },
    ]);

    const after = await cartPage(browser);
    expect(lineSummary(after.cart)).toEqual(
      (lineSummary(before) ?? []).map((entry) =>
        entry?.[0] === line.id ? [line.id, large, 2, {}] : entry,
      ),
    );
    expect(after.cart?.items.find((item) => item.id === line.id)?.customAttributes.size).toBe("L");
    expect(after.sizeOptions[line.id]?.find((option) => option.current)?.variantId).toBe(large);
  });

  it.each([
    [
      "a sold-out size",
      soldOutSize.soldOutVariantId,
      `Det finns inte tillräckligt av storlek ${soldOutSize.soldOutSize} i lager. Varukorgen är oförändrad.`,
    ],
    [
      "another product's variant",
      simple.variantId,
      "Den storleken finns inte för den här produkten i den här färgen. Varukorgen är oförändrad.",
    ],
    [
      "an unknown variant",
      "pv-9999-01",
      "Den storleken finns inte för den här produkten i den här färgen. Varukorgen är oförändrad.",
    ],
  ])(
    "refuses %s with a translated message; nothing in the cart changes",
    async (_, variant, text) => {
      const { browser, line } = await shopperWithSizedLine();
      const before = (await cartPage(browser)).cart;

      const answer = await post(browser, {
        intent: "change-size",
        itemId: line.id,
        productVariantId: variant,
      });
      expect(answer.headers.getSetCookie().join("\n")).not.toMatch(/checkoutToken=/);
      expect(await toastOf(browser)).toMatchObject({
        title: "Storleken kunde inte bytas",
        description: text,
      });
      const after = (await cartPage(browser)).cart;
      expect(lineSummary(after)).toEqual(lineSummary(before));
      expect(after?.revision).toBe(before?.revision);
    },
  );

  it("asks for a size when none is posted", async () => {
    const { browser, line } = await shopperWithSizedLine();
    await post(browser, { intent: "change-size", itemId: line.id, productVariantId: "" });
    expect((await toastOf(browser))?.description).toBe("Välj en storlek.");
  });
});
